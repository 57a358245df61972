/* global module */
/*
 * Import circles, counting type imports (`tsPreCompilationDeps`): the layering a circle hides compiles
 * anyway, so only this sees it. Run by `npm run lint` over the source and test folders of the workspaces.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circle, type imports included: move the shared piece into its own file.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
  },
};
