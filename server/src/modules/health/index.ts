/*
 * Health: the liveness and readiness answers.
 * The module's face: other modules, the app, the CLI and the demo seed import only this file.
 */
export { healthModule } from './routes';
