import { offerSchema, type Offer } from '@checkout/contract';

const option = (o: Record<string, unknown>) => ({ description: `Descrizione di ${String(o.name)}`, included: false, hidden_public: false, max_download_speed: null, compatibility_tag: null, compatible_with_tag: null, contract_code: `C${String(o.id)}`, ...o });

/** A test offer shaped like the demo catalogue's 1 Giga offer (server/src/modules/catalog/catalog.json, offer 101). */
export const fixtureOffer = (): Offer => offerSchema.parse({
  id: 101,
  name: 'Fibra Viva Casa 1 Giga',
  customer_type: 'privato',
  technologies: ['FTTH'],
  recurrent_cost: 2690,
  cash_amount: 3990,
  max_download_speed: 1000,
  highlights: ['preferred'],
  options: [
    option({ id: 20, name: 'Modem Wi-Fi 6', category: 'router', included: true, recurrent_cost: 0, cash_amount: 0, max_download_speed: 1000, compatibility_tag: 'base' }),
    option({ id: 22, name: 'Router Top (acquisto)', category: 'router', recurrent_cost: 0, cash_amount: 14900, max_download_speed: 10000, compatibility_tag: 'wifi7' }),
    option({ id: 23, name: 'Router Top (noleggio)', category: 'router', recurrent_cost: 300, cash_amount: 0, max_download_speed: 10000, compatibility_tag: 'wifi7' }),
    option({ id: 27, name: 'Modem libero', category: 'router', recurrent_cost: 0, cash_amount: 0 }),
    option({ id: 40, name: 'Ripetitore Wi-Fi Casa', category: 'repeater', recurrent_cost: 150, cash_amount: 0, compatible_with_tag: 'base' }),
    option({ id: 28, name: 'Extender Wi-Fi 6', category: 'repeater', recurrent_cost: 200, cash_amount: 0, compatible_with_tag: 'wifi7' }),
    option({ id: 41, name: 'Ripetitore Mesh Wi-Fi 7', category: 'repeater', recurrent_cost: 400, cash_amount: 0, compatible_with_tag: 'wifi7' }),
    option({ id: 50, name: 'Velocità fino a 2,5 Gbit/s', category: 'speed_upgrade', recurrent_cost: 500, cash_amount: 0, max_download_speed: 2500 }),
    option({ id: 51, name: 'Velocità fino a 10 Gbit/s', category: 'speed_upgrade', recurrent_cost: 1000, cash_amount: 0, max_download_speed: 10000 }),
    option({ id: 8, name: 'Linea voce a consumo', category: 'voip', recurrent_cost: 0, cash_amount: 0 }),
    option({ id: 9, name: 'Voce 50', category: 'voip', recurrent_cost: 200, cash_amount: 0 }),
    option({ id: 10, name: 'Voce Illimitata Family', category: 'voip', recurrent_cost: 500, cash_amount: 0 }),
    option({ id: 2, name: 'IP statico', category: 'other', recurrent_cost: 500, cash_amount: 0 }),
    option({ id: 4, name: 'Antivirus', category: 'other', recurrent_cost: 200, cash_amount: 0 }),
  ],
});
