// Validates skaffold.yaml and load/skaffold.yaml against Skaffold's published
// JSON schema, given as the first argument (it is third-party data and is
// not kept in this repository; CI passes its copy).
//
//   node tools/deploy-check/scripts/validate-skaffold.mjs path/to/skaffold-v4beta13.json
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { Ajv } = require('ajv');
const { parseAllDocuments } = require('yaml');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const schemaFile = process.argv[2];
if (!schemaFile) {
  console.error('usage: validate-skaffold.mjs <skaffold JSON schema>');
  process.exit(2);
}
const validate = new Ajv({ strict: false, allErrors: true }).compile(
  JSON.parse(readFileSync(schemaFile, 'utf8')),
);

let failed = 0;
let passed = 0;
for (const file of ['skaffold.yaml', 'load/skaffold.yaml']) {
  for (const document of parseAllDocuments(readFileSync(path.join(root, file), 'utf8'))) {
    const config = document.toJS();
    const name = `${file} (${config?.metadata?.name ?? 'unnamed'})`;
    if (validate(config)) {
      passed += 1;
      console.log(`ok   ${name}`);
    } else {
      failed += 1;
      // anyOf branches repeat each problem; the most specific paths say the most.
      const problems = [
        ...new Set(validate.errors.map((e) => `${e.instancePath || '/'} ${e.message}`)),
      ];
      console.error(`FAIL ${name}\n  ${problems.slice(0, 10).join('\n  ')}`);
    }
  }
}
console.log(`skaffold: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
