// npm run completions: writes completions/ from the built CLI's command tree.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const FILES = {
  bash: 'completions/billing.bash',
  zsh: 'completions/_billing',
  fish: 'completions/billing.fish',
};
for (const [shell, file] of Object.entries(FILES)) {
  const script = execFileSync(process.execPath, ['bin/billing.js', 'completion', shell], {
    encoding: 'utf8',
  });
  writeFileSync(file, script);
  console.log(`wrote ${file}`);
}
