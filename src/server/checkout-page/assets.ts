// The hosted checkout page's style and its one script, inlined under the response's nonce (the
// page loads nothing else). The script only enhances: the form works the same without it.

export function style(accent: string): string {
  return `:root{--accent:${accent};--text:#1a1f36;--muted:#5e6a7d;--line:#e4e8ee;--panel:#f6f8fb;--danger:#c0362c;--ok:#0a7a3e;color-scheme:light}
*{box-sizing:border-box}html,body{margin:0}
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--text);background:#fff;-webkit-font-smoothing:antialiased}
a{color:var(--accent)}
.sandbox{background:#fff5d9;color:#6f4a00;border-bottom:1px solid #f1dca0;font-size:13px;text-align:center;padding:7px 16px}
.checkout{display:grid;grid-template-columns:1fr 1fr;min-height:calc(100vh - 36px)}
.summary{background:var(--panel);border-right:1px solid var(--line);padding:48px 64px 48px max(24px,calc(50vw - 520px));display:flex;justify-content:flex-end}
.details{padding:48px max(24px,calc(50vw - 520px)) 48px 64px}
.inner{width:100%;max-width:420px}
.seller{display:flex;align-items:center;gap:10px;font-weight:600;margin:0 0 32px}
.logo{width:30px;height:30px;border-radius:8px;background:var(--accent);color:#fff;display:grid;place-items:center;font-size:15px;font-weight:700}
.product-name{font-size:16px;font-weight:500;color:var(--muted);margin:0 0 2px}
.price{font-size:36px;font-weight:700;letter-spacing:-.02em;line-height:1.15;margin:0}
.price .interval{font-size:15px;font-weight:500;color:var(--muted);letter-spacing:0;margin-left:4px}
.description{color:var(--muted);margin:10px 0 22px}
.media{display:block;width:100%;aspect-ratio:16/7;object-fit:cover;border-radius:12px;border:1px solid var(--line);margin:0 0 22px;background:#fff}
.benefits{list-style:none;padding:0;margin:0 0 24px;font-size:14px}
.benefits li{position:relative;padding-left:24px;margin:7px 0}
.benefits li::before{content:"";position:absolute;left:3px;top:6px;width:10px;height:5px;border-left:2px solid var(--accent);border-bottom:2px solid var(--accent);transform:rotate(-45deg)}
.lines{margin:0;border-top:1px solid var(--line)}
.line{display:flex;justify-content:space-between;align-items:baseline;gap:16px;padding:13px 0;border-bottom:1px solid var(--line);font-size:14px}
.line dt,.line dd{margin:0}.line dd{font-variant-numeric:tabular-nums;white-space:nowrap}
.line .sub{display:block;color:var(--muted);font-size:13px}.line .sub .link{margin-left:8px}
.line.discount dd{color:var(--ok)}
.line.total{font-size:16px;font-weight:600;border-bottom:0}
.then{color:var(--muted);font-size:13px;margin:0}
.code-box{padding:14px 0;border-bottom:1px solid var(--line)}
.code-row{display:flex;gap:8px}.code-row input{flex:1;min-width:0}
.applied{display:flex;justify-content:space-between;align-items:center;gap:12px;font-size:14px}
.tag{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.03em;color:var(--ok);background:#e4f5eb;border-radius:5px;padding:2px 7px}
h2{font-size:16px;font-weight:600;margin:0 0 14px}
.section{margin:0 0 24px}.payment{margin-bottom:16px}
.field{margin:0 0 14px}
.fields{display:grid;grid-template-columns:1fr 1fr;column-gap:16px}.fields .wide{grid-column:1/-1}.fields.three{grid-template-columns:1fr 1fr 1fr;row-gap:14px;margin-bottom:14px}.fields.three .field{margin:0}
.fields .check{min-height:44px;align-items:center;margin-top:25px}
label,.label{display:block;font-size:13px;font-weight:500;color:#3c4257;margin:0 0 6px}
.req{color:var(--danger);margin-left:2px}
input[type=email],input[type=text],input[type=number],input[type=date],select,textarea{display:block;width:100%;font:inherit;color:inherit;padding:10px 12px;border:1px solid #d3dae3;border-radius:8px;background:#fff;box-shadow:0 1px 1px rgba(16,24,40,.04);transition:border-color .15s,box-shadow .15s}
textarea{min-height:84px;resize:vertical}
input:focus,select:focus,textarea:focus{outline:none;border-color:var(--accent);box-shadow:0 0 0 3px color-mix(in srgb,var(--accent) 18%,transparent)}
.invalid input,.invalid select,.invalid textarea{border-color:var(--danger)}
.check{display:flex;gap:10px;align-items:flex-start;font-size:14px;font-weight:400;color:var(--text)}
.check input{margin:3px 0 0;width:16px;height:16px;accent-color:var(--accent)}
.help{font-size:12.5px;color:var(--muted);margin:6px 0 0}
.error-text{font-size:13px;color:var(--danger);margin:6px 0 0}
.alert{background:#fdeeec;border:1px solid #f4c5bf;color:#86231a;border-radius:8px;padding:10px 14px;font-size:14px;margin:0 0 22px}
.sandbox-card{display:flex;gap:14px;align-items:center;border:1px dashed #c6d0dc;border-radius:10px;padding:12px 16px;background:#fbfcfe;font-size:13.5px;color:var(--muted)}
.sandbox-card svg{flex:none}
.sandbox-card strong{display:block;color:var(--text);font-weight:600}
button{font:inherit;cursor:pointer}
.default-submit{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0;padding:0;margin:-1px}
.pay{display:block;width:100%;font-size:16px;font-weight:600;color:#fff;background:var(--accent);border:0;border-radius:10px;padding:14px 18px;box-shadow:0 1px 2px rgba(16,24,40,.12)}
.pay:hover{filter:brightness(.94)}.pay:disabled{opacity:.7;cursor:progress}
.secondary{font-size:14px;font-weight:500;padding:9px 14px;border-radius:8px;border:1px solid #d3dae3;background:#fff;color:var(--text)}
.link{border:0;background:none;color:var(--accent);font-size:13px;padding:0}
.fine{font-size:12.5px;color:var(--muted);text-align:center;margin:12px 0 0}
.powered{font-size:12px;color:#8a94a6;text-align:center;margin:36px 0 0}
.state{max-width:480px;margin:12vh auto;padding:0 24px;text-align:center}
.state h1{font-size:24px;margin:0 0 8px;letter-spacing:-.01em}.state p{color:var(--muted);margin:0 0 12px}
.icon{width:56px;height:56px;border-radius:50%;display:grid;place-items:center;margin:0 auto 18px}
.icon.ok{background:#e4f5eb;color:var(--ok)}.icon.warn{background:#fff0c2;color:#6f4a00}.icon.bad{background:#fdeeec;color:var(--danger)}
.receipt{text-align:left;border:1px solid var(--line);border-radius:12px;padding:2px 18px;margin:24px 0}
.receipt .line:last-child{border-bottom:0}
.continue{display:inline-block;text-decoration:none;margin-top:8px;width:auto;padding:12px 22px}
@media (max-width:820px){
.checkout{grid-template-columns:1fr;min-height:0}
.summary{border-right:0;border-bottom:1px solid var(--line);padding:24px 20px 20px;justify-content:center}
.details{padding:24px 20px 40px}
.inner{max-width:520px;margin:0 auto}
.fields,.fields.three{grid-template-columns:1fr}.fields .check{min-height:0;margin-top:0}
.seller{margin-bottom:20px}.price{font-size:30px}.media{display:none}.benefits{margin-bottom:16px}
.details{padding-bottom:104px}
.pay-bar{position:fixed;left:0;right:0;bottom:0;z-index:1;padding:12px 20px calc(12px + env(safe-area-inset-bottom));background:rgba(255,255,255,.96);border-top:1px solid var(--line);box-shadow:0 -4px 16px rgba(16,24,40,.06)}
.pay-bar .pay{max-width:520px;margin:0 auto}
}`;
}

/**
 * Pay: one submission, the buttons disabled once the browser has read the form (a submitter
 * disabled during the submit event would not be sent). Apply and Remove: sent in the
 * background and the page's <main> swapped for the answer, so the summary re-prices in place.
 */
export const SCRIPT = `(() => {
  let paying = false;
  document.addEventListener('submit', async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches('form.checkout')) return;
    const submitter = event.submitter;
    const action = submitter ? submitter.value : 'apply';
    if (action === 'pay') {
      if (paying) { event.preventDefault(); return; }
      paying = true;
      form.setAttribute('aria-busy', 'true');
      setTimeout(() => {
        for (const b of form.querySelectorAll('button')) b.disabled = true;
        if (submitter) submitter.textContent = 'Processing…';
      }, 0);
      return;
    }
    event.preventDefault();
    const data = new URLSearchParams(new FormData(form, submitter));
    try {
      const res = await fetch(form.getAttribute('action'), { method: 'POST', body: data, headers: { accept: 'text/html' } });
      // Only the answer's <main>: its <style> carries another response's nonce.
      const html = await res.text();
      const from = html.indexOf('<main');
      const to = html.lastIndexOf('</main>');
      const template = document.createElement('template');
      if (from >= 0 && to > from) template.innerHTML = html.slice(from, to + 7);
      const next = template.content.querySelector('main');
      const main = document.querySelector('main');
      if (!next || !main) { location.reload(); return; }
      main.replaceWith(next);
      const focus = document.querySelector('.invalid input, .invalid select, .invalid textarea, #discount_code, #pay');
      if (focus) focus.focus({ preventScroll: true });
    } catch { form.submit(); }
  });
})();`;
