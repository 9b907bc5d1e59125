import { z } from 'zod';
import type { MessageParams } from './message-refs.ts';

export const ZMessageParams: z.ZodType<MessageParams> = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .meta({ id: 'MessageParams', description: 'The values of the placeholders of the message named by messageId, e.g. {"max": 60}' });

/**
 * The server error envelope of spec §8: {httpCode, messageId, message, errors}.
 * Clients map it to notifications by messageId:
 *  - MESSAGE_IDS.validationList ('core.validation.validation.error.exist'): each error's message is listed;
 *  - MESSAGE_IDS.invalidInput ('errorId.apigw.invalid.input'): each field and its message is shown;
 *  - ids starting with PAYMENT_EXCEPTION_PREFIX: a translated message, else the general payment error;
 *  - otherwise `message`.
 */
export const ZErrorItem = z
  .object({
    field: z.string().optional(),
    /** The key of the message in the contract's MESSAGES (clients translate `messages.<messageId>`); absent when the text has none. */
    messageId: z.string().optional(),
    /** The values of the message's placeholders, e.g. {"max": 60} for maxLength. */
    params: ZMessageParams.optional(),
    /** The message in English, for API clients (and for clients that do not know messageId). */
    message: z.string(),
    /** Booking rule violations: whether staff may override them (§4 override step). */
    overridable: z.boolean().optional(),
    ruleName: z.string().optional(),
    /** Batch import per-line errors. */
    line: z.number().int().optional(),
    username: z.string().optional(),
  })
  .meta({ id: 'ErrorItem', description: 'One error of the envelope: a field error, a booking rule violation or a batch line' });
export type ErrorItem = z.infer<typeof ZErrorItem>;

export const ZErrorEnvelope = z
  .object({
    httpCode: z.number().int(),
    messageId: z.string(),
    message: z.string(),
    errors: z.array(ZErrorItem),
  })
  .meta({ id: 'ErrorEnvelope', description: 'The error envelope of spec §8: every error answer of the API' });
export type ErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

export const isErrorEnvelope = (value: unknown): value is ErrorEnvelope => ZErrorEnvelope.safeParse(value).success;
