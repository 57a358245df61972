export { salesConsoleNav, salesConsoleRoutes } from './routes';
