/*
 * Leads: call-me-back requests and their delivery to the sales team.
 * The module's face: other modules, the app, the CLI and the demo seed import only this file.
 */
export { createLeadsModule, leadDeliveryOptions, leadsModule } from './routes';
export { deliverLeadNow } from './lead-delivery';
export type { AttemptRequester, DeliverNowOutcome, LeadDeliveryOptions } from './lead-delivery';
export { eachLead, findLeads, getLeadWithAttempts, markLeadHandled, parseLeadPayload } from './service';
export type { DeliveryStatus, LeadAttemptRow, LeadFilter, LeadRow } from './repository';
export { leadsCliCommands, listLeadsCommand } from './cli-commands';
export { insertLead } from './repository';
export { LEAD } from './test-lead';
