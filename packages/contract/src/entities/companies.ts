import { z } from 'zod';
import { ZCompanyType } from '../enums.ts';

/** Companies (§3 Company): the tree, one company, and its contact. */

export const ZCompanyContact = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  emailAddress: z.string().nullable(),
  phoneNo: z.string().nullable(),
});

export type CompanyNode = {
  id: number;
  name: string;
  type: z.infer<typeof ZCompanyType>;
  parent: number | null;
  children: CompanyNode[];
};
export const ZCompanyNode: z.ZodType<CompanyNode> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      name: z.string(),
      type: ZCompanyType,
      parent: z.number().int().nullable(),
      children: z.array(ZCompanyNode),
    }),
  )
  .meta({ id: 'CompanyNode', description: 'A company with its children, down the tree' });
export const ZCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  type: ZCompanyType,
  parent: z.number().int().nullable(),
  children: z.array(z.object({ id: z.number().int(), name: z.string(), type: ZCompanyType })),
  marketSegment: z.string().nullable(),
  microSegment: z.string().nullable(),
  emailDomains: z.array(z.string()),
  contact: ZCompanyContact.nullable(),
  companyCode: z.string().nullable(),
  requiresMembershipConfirmation: z.boolean(),
});
export type Company = z.infer<typeof ZCompany>;
