import { z } from 'zod';
import { listQuerySchema } from '../utils/list-query';

/** 'Emitir certificado' (the course page and 'Minha Conta'): no fields besides the intent; the course is the page's. */
export const certificateIssueSchema = z.object({});

export const CERTIFICATE_ID_MESSAGE = 'Certificado inválido';

/** The admin's 'Revogar': the certificate's id from a hidden field. */
export const certificateRevokeSchema = z.object({
  certificateId: z
    .number({ required_error: CERTIFICATE_ID_MESSAGE, invalid_type_error: CERTIFICATE_ID_MESSAGE })
    .int(CERTIFICATE_ID_MESSAGE)
    .positive(CERTIFICATE_ID_MESSAGE)
    .max(Number.MAX_SAFE_INTEGER, CERTIFICATE_ID_MESSAGE),
});

const optionalRecordId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional();

/** /admin/certificates?course=ID&page=&confirm=ID: the course whose certificates are listed, and the one waiting for 'Revogar'. */
export const adminCertificatesQuerySchema = listQuerySchema({ sorts: ['recent'], perPage: 25 }).extend({
  course: optionalRecordId,
  confirm: optionalRecordId,
});
