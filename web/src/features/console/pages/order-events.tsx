import { useOrderEvents, useRedeliver } from '../api/events';
import { EventDeliveries } from '../components/event-deliveries';

/*
 * The order page's "Eventi e messaggi": what the server sent about this order, where (the provider's
 * systems, the customer's email and SMS), how each delivery went, and "Invia di nuovo" for an operator
 * who may move orders (docs/integration.md, "Events").
 */

const T = {
  title: 'Eventi e messaggi',
  none: 'Nessun evento per questo ordine (gli eventi partono dalla firma).',
  noWebhook: 'Il webhook del fornitore non è configurato (WEBHOOK_URL): gli eventi restano in attesa e partiranno, in ordine, appena sarà impostato.',
};

export function OrderEvents({ orderId, canRedeliver }: { orderId: string; canRedeliver: boolean }) {
  return (
    <EventDeliveries
      title={T.title} titleId="events-title" none={T.none}
      warningsOf={(data) => (data.webhook_configured ? [] : [T.noWebhook])}
      events={useOrderEvents(orderId)} redeliver={useRedeliver(orderId)} canRedeliver={canRedeliver}
    />
  );
}
