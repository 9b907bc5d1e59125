import { z } from 'zod';
import { ZPaymentType } from '../enums.ts';
import { ZBooking } from '../entities.ts';

/**
 * PUT /api/bookings/{bid}/paymentType (§7 "set payment type for a booking (bid, paymentType)"): switches the
 * booking payment between credit card and user invoice (§4 payment actions). The answer is the updated booking.
 */
export const ZPaymentTypeRequest = z.object({ paymentType: ZPaymentType });
export type PaymentTypeRequest = z.infer<typeof ZPaymentTypeRequest>;
export const ZPaymentTypeResponse = ZBooking;
