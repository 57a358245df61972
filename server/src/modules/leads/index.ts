/*
 * Leads: call-me-back requests, and the SPEC's lead webhook as a target of the outbox (lead-webhook.ts).
 * The module's face: other modules, the app, the CLI and the demo seed import only this file.
 */
export { createLeadsModule, leadsModule } from './routes';
export { createLeadWebhookHandler, leadWebhookHandlers, leadWebhookTarget } from './lead-webhook';
export { eachLead, findLeads, getLead, leadDeliveryState, leadDeliveryStates, markLeadHandled, parseLeadPayload } from './service';
export type { LeadDeliveryState } from './service';
export type { LeadFilter, LeadRow } from './repository';
export { leadsCliCommands, listLeadsCommand } from './cli-commands';
export { insertLead } from './repository';
export { LEAD } from './test-lead';
