// The one direction of imports (docs/architecture.md), as ESLint rules on resolved paths: a relative path, a
// detour through `../../modules/` or a file outside `modules/` all resolve to the same file, so all are judged alike.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const root = path.resolve(import.meta.dirname, '..');
const server = (p) => path.join(root, 'apps/server/src', p);
const web = (p) => path.join(root, 'apps/web/src', p);
// A zone's exceptions must be globs when its `from` is; `index.t[s]` is a glob that names one file.
const exactly = (p) => p.replace(/(\w)$/, '[$1]');

// Server modules, each with the modules it may import (only through their index.ts). Read it bottom-up: a module
// imports only modules listed before it, so there is no way round.
export const moduleOrder = {
  audit: [],
  operators: ['audit'],
  // The approval of an insurer destination change asks operators who may approve (mayApprove: two people).
  reference: ['audit', 'operators'],
  accounts: ['reference'],
  address: [],
  ocr: [],
  guide: [],
  funnel: ['reference'],
  terms: ['audit', 'reference'],
  identity: ['terms'],
  subscriptions: ['accounts', 'address', 'audit', 'reference', 'terms'],
  // The FHIR intake keeps the visits' lines the engine reads; it reaches the engine through a port app.ts hands in.
  intake: [],
  claims: ['audit', 'funnel', 'intake', 'reference', 'subscriptions'],
  // The estimate and the answer beside it: the claims' visits, their lines, her generation; claims reaches it through
  // the AnswerPort app.ts hands in.
  payout: ['claims', 'intake', 'reference', 'subscriptions'],
  treats: ['audit', 'claims', 'payout', 'reference', 'subscriptions'],
  guardians: ['audit', 'claims', 'reference', 'subscriptions'],
  // A hospital's own view: its users are operator accounts; it reads claims and intake for her month.
  hospitals: ['audit', 'claims', 'intake', 'operators', 'reference'],
  // Papers insurers ask of hospitals: asked from the claims' answer through a port app.ts hands in, answered by the
  // hospital's key or its users (operator accounts), delivered to the insurer, the patient told when it stalls.
  docrequests: ['audit', 'claims', 'operators', 'reference', 'subscriptions'],
  dashboard: ['claims', 'funnel', 'guardians', 'hospitals', 'subscriptions'],
  // Her monthly statement: her month read of the engine, sent to her contact.
  statements: ['audit', 'claims', 'reference', 'subscriptions'],
};
const modules = Object.keys(moduleOrder);
// A module folder left out of the order would be guarded by nothing: the lint refuses to start instead.
const unplaced = readdirSync(server('modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !modules.includes(entry.name))
  .map((entry) => entry.name);
if (unplaced.length) throw new Error(`Place ${unplaced.join(', ')} in moduleOrder (scripts/boundaries.mjs).`);

// The shared layers under the modules: none of them imports a module, the app's wiring, or a layer above it.
const wiring = [server('{app,main,ops-server}.ts')];
const shared = [
  '{context,create-context,config,metrics}.ts',
  'http/**',
  'security/**',
  'providers/**',
  'images/**',
  'blobs/**',
];
// clock.ts and the error catalogue (with AppError) are leaves too, so that anything may take a Clock or throw.
const leaves = ['documents/**', 'db/**', 'clock.ts', 'http/errors.ts'];
// db/schema.ts is the one exception: it composes Database of every owner's tables.ts (docs/architecture.md, table
// ownership), type-only declarations that import nothing of the server, and nothing else.
const tablesOfOwners = [server('modules/*/tables.ts'), server('{security,providers}/tables.ts')];
const inDb = ['db/!(schema).ts', 'db/*/**'];
const leavesButSchema = leaves.flatMap((leaf) => (leaf === 'db/**' ? inDb : [leaf]));

const moduleFaces = modules.map((name) => ({
  target: [
    server('!(modules|db)/**'),
    ...inDb.map(server),
    server('*.ts'),
    server(`modules/!(${name})/**`),
    path.join(root, 'apps/server/scripts/**'),
  ],
  from: [server(`modules/${name}/**`)],
  except: [exactly(server(`modules/${name}/index.ts`))],
  message: `Another module is reached only through its index.ts (docs/architecture.md, "Inside a module").`,
}));

const moduleDirection = modules.map((name) => ({
  target: [server(`modules/${name}/**`)],
  from: [server('modules/**')],
  except: [name, ...moduleOrder[name]].map((m) => server(`modules/${m}/**`)),
  message: `${name} may import only ${moduleOrder[name].join(', ') || 'no module'} (docs/architecture.md, "The one direction of imports").`,
}));

const layers = [
  {
    target: [...shared, ...leavesButSchema].map(server),
    from: [server('modules/**')],
    message:
      'Shared code imports no module: take what you need as a parameter, app.ts wires it (docs/architecture.md).',
  },
  {
    target: [...shared, ...leaves, 'modules/**'].map(server),
    from: wiring,
    message: 'Only main.ts imports the app wiring (docs/architecture.md).',
  },
  {
    target: leavesButSchema.map(server),
    from: [...shared, 'modules/**', '*.ts'].map(server),
    except: [server('db/**'), server('documents/**')],
    message:
      'db/, documents/, clock.ts and http/errors.ts are leaves: they import nothing else of the server (docs/architecture.md).',
  },
  {
    target: [server('modules/**')],
    from: [server('db/schema.ts')],
    message:
      "A module never imports db/schema.ts (every owner's tables): its own rows come from its tables.ts, another owner's from that owner's index.ts (docs/architecture.md, table ownership).",
  },
  {
    target: [server('db/schema.ts')],
    from: [...shared, 'modules/**', '*.ts'].map(server),
    except: [server('db/**'), server('documents/**'), ...tablesOfOwners],
    message:
      "db/schema.ts composes the owners' tables.ts files and imports nothing else of the server (docs/architecture.md, table ownership).",
  },
  {
    target: [server('**'), path.join(root, 'apps/server/scripts/**')],
    from: [path.join(root, 'apps/web/**')],
    message: 'The server never imports the web app.',
  },
];

// The web app: screens → parts (layouts, wizard, auth, ops) → api, store → ui. The UI kit knows only its props and
// state; the API client and the store know no screen.
const webParts = ['screens/**', 'layouts/**', 'wizard/**', 'auth/**', 'ops/**', '{router,main}.tsx'];
const webLayers = [
  {
    target: [web('ui/**')],
    from: [...webParts, 'api/**', 'store/**'].map(web),
    message: 'The UI kit must not import the API client, the claim store or a screen: pass what it needs as props.',
  },
  {
    target: [web('api/**'), web('store/**')],
    from: [...webParts, 'ui/**'].map(web),
    message: 'The API client and the claim store know no screen and no UI (docs/architecture.md, "The web app").',
  },
  {
    target: [web('layouts/**'), web('wizard/**'), web('auth/**')],
    from: [web('screens/**'), web('{router,main}.tsx')],
    // The step-up sheet reuses the sign-in screen's two fields as they are.
    except: [exactly(web('screens/auth/SmsCodeField.tsx')), exactly(web('screens/auth/TermsChecklist.tsx'))],
    message: 'Parts (layouts, wizard, auth) know no screen: a screen composes parts (docs/architecture.md).',
  },
  // The operator console and the patient app are two apps in one package (docs/architecture.md, "The operator
  // console"): they share the UI kit and the contract, nothing else, so that neither's change breaks the other and no
  // console code lands in a chunk a patient's phone loads.
  {
    target: [web('!(ops)/**'), web('*.{ts,tsx}')],
    from: [web('ops/**')],
    message: 'The patient app never imports the operator console (docs/architecture.md, "The operator console").',
  },
  {
    target: [web('ops/**')],
    from: [web('!(ops|ui|test-support)/**'), web('*.{ts,tsx}')],
    message:
      'The operator console imports of the patient app only the UI kit (ui/); the rest it shares goes in the contract (docs/architecture.md, "The operator console").',
  },
  {
    target: [web('ops/shared/**'), web('ops/api/**')],
    from: [web('ops/!(shared|api)/**'), web('ops/*.{ts,tsx}')],
    message:
      'The console\'s shared parts and API calls know no feature: a feature folder composes them (docs/architecture.md, "The operator console").',
  },
];

export const boundaries = [
  {
    files: ['apps/server/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the cycle check skips every TypeScript file it follows.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...moduleFaces, ...moduleDirection, ...layers, ...webLayers] },
      ],
      // A circle is a design error: the shared piece belongs lower down, or in the contract.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // An import that does not resolve would slip past both rules above.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:', '\\?(url|raw|worker)$'] }],
    },
  },
];
