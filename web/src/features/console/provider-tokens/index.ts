export { providerTokensConsoleNav, providerTokensConsoleRoutes } from './routes';
