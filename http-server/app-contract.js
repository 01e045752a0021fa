// @ts-check
/** @typedef {import('../app/server-contract').ServerContract} ServerContract */

/**
 * What the app hands the process, read once from the build: the one object app/entry.server.tsx
 * exports as `serverContract`, typed by app/server-contract.ts (decision 057).
 * @param {import('@remix-run/node').ServerBuild} build
 * @returns {ServerContract}
 */
export function appContract(build) {
  const entry = /** @type {{ serverContract?: ServerContract }} */ (/** @type {unknown} */ (build.entry.module));
  if (!entry.serverContract) {
    throw new Error(
      'The build does not export serverContract from app/entry.server.tsx (app/server-contract.ts): run npm run build again.',
    );
  }
  return entry.serverContract;
}
