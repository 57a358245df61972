/*
 * Leads: call-me-back requests and their delivery to the sales team.
 * The module's face: other modules, the app, the CLI and the demo seed import only this file.
 */
export { createLeadsModule, leadsModule } from './routes';
export { leadsCliCommands, listLeadsCommand } from './cli-commands';
export { insertLead } from './repository';
export { LEAD } from './test-lead';
