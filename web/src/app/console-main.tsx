// First: configures zod before any module parses with it (the CSP has no 'unsafe-eval').
import '../lib/zod-without-eval';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from '../features/console';
import '../features/console/console.scss';

/** The operator console's entry (console.html; its own build: vite.console.config.ts). */
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from console.html');
createRoot(container).render(<ConsoleApp />);
