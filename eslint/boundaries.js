// One rule for the codebase's import boundaries (docs/boundaries.md):
// - web: a feature never imports another feature; shared/ imports neither features nor app/;
//   features do not import app/; what the portal loads never imports a console part: a service's
//   `portal/`, `ui/` and `api/` (the last two are shared by both parts), the portal's frame and
//   pages (app/shell, app/pages) and the rest of shared/ never import a service's `console/`,
//   shared/console, shared/editor or app/admin, so the editor and the staff screens stay out of the
//   portal's chunks.
// - server: a service reaches another service only through that service's `public.ts`; so do
//   lib/, db/ and plugins/ (which must not import services at all, but for `public.ts`). The
//   composition roots (app.ts, server.ts, setup/, scripts/) wire services together and may import
//   any of their modules. Services stand in an order (SERVICE_ORDER), foundation first: a service
//   imports only services before it, even through `public.ts`, so no circle runs between them; a
//   lower service that needs a higher one's part takes it by registration (`app.dicts.usedBy`,
//   `app.visitFollowUps.register`) or by an event the higher one listens to.
// - contract: imports nothing from the apps.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB = path.join(ROOT, 'apps/web/src');
const SERVER = path.join(ROOT, 'apps/server/src');
const CONTRACT = path.join(ROOT, 'packages/contract/src');
const APPS = path.join(ROOT, 'apps');

/** Where an import specifier points, as an absolute path without extension (null: a package). */
function resolve(spec, fromFile) {
  if (spec.startsWith('@/')) return path.join(WEB, spec.slice(2));
  if (spec.startsWith('.')) return path.resolve(path.dirname(fromFile), spec);
  if (spec.startsWith('@hqt/contract/')) return path.join(CONTRACT, spec.slice('@hqt/contract/'.length));
  if (spec.startsWith('@hqt/')) return path.join(APPS, spec.slice('@hqt/'.length));
  return null;
}

/**
 * The server's services in order (docs/boundaries.md): the foundation serves every other service;
 * the domain services follow, each after those it builds on. A new service takes its place here.
 */
export const SERVICE_ORDER = {
  foundation: ['mail', 'audit', 'calendar', 'files', 'sysinfo', 'dict', 'auth', 'message'],
  domain: ['account', 'policy', 'visit', 'appeal', 'entcode', 'calculator', 'push', 'apply', 'payout', 'qa'],
};
const ORDER = [...SERVICE_ORDER.foundation, ...SERVICE_ORDER.domain];
const isFoundation = (service) => SERVICE_ORDER.foundation.includes(service);

/** Why `from` may not import `to` by the order of services, or null. */
function orderProblem(from, to) {
  const unplaced = [from, to].find((s) => s && !ORDER.includes(s));
  if (unplaced) return `services/${unplaced} has no place in SERVICE_ORDER (eslint/boundaries.js): add it after the services it builds on`;
  if (!from || ORDER.indexOf(from) > ORDER.indexOf(to)) return null;
  if (isFoundation(from) && !isFoundation(to)) {
    return `the foundation service ${from} does not import the domain service ${to}: let ${to} register with ${from} (as app.dicts.usedBy, app.files.register) or listen to its events`;
  }
  return `${from} stands before ${to} in SERVICE_ORDER and does not import it: let ${to} register with ${from} or listen to its events (or move ${from} after ${to}, if nothing of ${to} needs ${from})`;
}

const inside = (file, dir) => file === dir || file.startsWith(dir + path.sep);
/** The first folder below `dir` that `file` lies in: features/<name>, services/<name>. */
const segment = (file, dir) => (inside(file, dir) ? path.relative(dir, file).split(path.sep)[0] : null);
const stem = (file) => file.replace(/\.(tsx?|jsx?|mjs)$/, '');

/** The part of the web app a file belongs to: 'console', 'portal' (what the portal may load), or null (module.ts, app/'s wiring). */
function part(file) {
  const rel = path.relative(WEB, file).split(path.sep);
  if (rel[0] === 'features' && rel.length > 3) return rel[2] === 'console' ? 'console' : ['portal', 'ui', 'api'].includes(rel[2]) ? 'portal' : null;
  if (rel[0] === 'shared') return ['console', 'editor'].includes(rel[1]) ? 'console' : 'portal';
  if (rel[0] === 'app') return rel[1] === 'admin' ? 'console' : ['shell', 'pages'].includes(rel[1]) ? 'portal' : null;
  return null;
}

function problem(from, to) {
  if (inside(from, CONTRACT)) {
    return inside(to, CONTRACT) ? null : 'the contract imports nothing from the apps: both sides depend on it, never the reverse';
  }
  if (inside(from, WEB)) {
    const features = path.join(WEB, 'features');
    const fromFeature = segment(from, features);
    const toFeature = segment(to, features);
    if (toFeature && fromFeature && toFeature !== fromFeature) return `features do not import each other (${fromFeature} → ${toFeature}): move the shared part to shared/, or compose both in app/`;
    if (inside(from, path.join(WEB, 'shared')) && (toFeature || inside(to, path.join(WEB, 'app')))) return 'shared/ is used by features and app/, and imports neither';
    if (fromFeature && inside(to, path.join(WEB, 'app'))) return 'a feature does not import app/: the app composes features, not the reverse';
    if (part(from) === 'portal' && part(to) === 'console') return 'a portal part never imports a console part (a console/ folder, shared/console, shared/editor, app/admin): the editor and the staff screens stay out of the portal\'s chunks';
    return null;
  }
  if (inside(from, SERVER)) {
    const services = path.join(SERVER, 'services');
    const toService = segment(to, services);
    if (!toService) return null;
    const fromService = segment(from, services);
    if (fromService === toService) return null;
    const composition = ['app', 'server'].some((f) => stem(from) === path.join(SERVER, f)) || ['setup', 'scripts'].some((d) => inside(from, path.join(SERVER, d)));
    if (composition) return null;
    const disorder = orderProblem(fromService, toService);
    if (disorder) return disorder;
    if (stem(to) === path.join(services, toService, 'public')) return null;
    return `reach the ${toService} service through services/${toService}/public.ts`;
  }
  return null;
}

export default {
  rules: {
    boundaries: {
      meta: { type: 'problem', schema: [], docs: { description: 'import boundaries between features, services and the contract' } },
      create(context) {
        const check = (node, source) => {
          if (!source || typeof source.value !== 'string') return;
          const to = resolve(source.value, context.filename);
          if (!to) return;
          const message = problem(context.filename, stem(to));
          if (message) context.report({ node, message });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source),
          ExportNamedDeclaration: (node) => check(node, node.source),
          ExportAllDeclaration: (node) => check(node, node.source),
          ImportExpression: (node) => check(node, node.source),
        };
      },
    },
  },
};
