import { z } from 'zod';

/*
 * `appointment.booked`: the customer chose a technician's slot on the tracking page, among those the
 * provider published for the order (TMF646 Appointment: the slot becomes the appointment). `rebooked`
 * says it replaces the one booked before, which the provider frees; the slot left is offered again.
 */
export const appointmentBookedDataSchema = z.object({
  order_id: z.string(),
  order_number: z.string(),
  slot_id: z.string(),
  /** ISO-8601. */
  starts_at: z.string(),
  ends_at: z.string(),
  rebooked: z.boolean(),
});
export type AppointmentBookedData = z.infer<typeof appointmentBookedDataSchema>;
