// Baseline for `billing orders get <id> --json`: one fetch of the same URL, printed as is.
const [url] = process.argv.slice(2);
const res = await fetch(url, { headers: { authorization: `Bearer ${process.env.BILLING_TOKEN}` } });
if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
process.stdout.write(`${await res.text()}\n`);
