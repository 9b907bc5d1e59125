#!/usr/bin/env node
// Production dependencies only (issue 13): every package the compiled server (apps/server/dist) or the compiled
// contract (packages/contract/dist) imports must be a declared production dependency of that workspace — never
// a devDependency (drizzle-kit, smtp-server, tsx, vitest, ...), never a package that is only there because
// something else pulled it in. Node's built-ins are fine. Run after `npm run build` (scripts/smoke-prod.sh does).
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const workspaces = ['apps/server', 'packages/contract'];
const builtins = new Set(builtinModules);
// Static imports and re-exports (`from '...'`), side-effect imports (`import '...'`) and dynamic imports (`import('...')`).
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\1/g;

// What a package specifier looks like (a regular expression or text in a string that happens to follow `from` does not).
const PACKAGE = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/[\w./-]*)?$/i;
const packageOf = (specifier) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]);

function* jsFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* jsFiles(full);
    else if (/\.(m?js)$/.test(entry.name)) yield full;
  }
}

let problems = 0;
for (const workspace of workspaces) {
  const before = problems;
  const manifest = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8'));
  const allowed = new Set(Object.keys(manifest.dependencies ?? {}));
  const dev = new Set(Object.keys(manifest.devDependencies ?? {}));
  const dist = path.join(root, workspace, 'dist');
  let files = 0;
  const used = new Set();
  for (const file of jsFiles(dist)) {
    files += 1;
    for (const [, , specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (specifier.startsWith('.') || specifier.startsWith('/') || !(specifier.startsWith('node:') || PACKAGE.test(specifier))) continue;
      const bare = specifier.replace(/^node:/, '');
      if (specifier.startsWith('node:') || builtins.has(bare) || builtins.has(bare.split('/')[0])) continue;
      const name = packageOf(specifier);
      used.add(name);
      if (allowed.has(name)) continue;
      problems += 1;
      const why = dev.has(name) ? 'a devDependency' : 'not a dependency';
      console.error(`${path.relative(root, file)}: imports "${specifier}", ${why} of ${manifest.name}`);
    }
  }
  if (files === 0) {
    console.error(`${workspace}/dist has no JavaScript: run npm run build first`);
    problems += 1;
  }
  console.log(
    `${manifest.name}: ${files} files in dist import ${used.size} packages, all production dependencies: ${problems === before ? 'yes' : 'NO'}`,
  );
}
process.exit(problems === 0 ? 0 : 1);
