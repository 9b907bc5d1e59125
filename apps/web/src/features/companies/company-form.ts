import { ZCompanyUpdate, type CompanyDetail, type CompanyType, type CompanyUpdate } from '@fleetdesk/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** The edit form's fields: plain strings (domains one per line or comma-separated), turned into ZCompanyUpdate on submit. */
export interface CompanyFormValues {
  name: string;
  type: CompanyType;
  marketSegment: string;
  microSegment: string;
  emailDomains: string;
  contactFirstName: string;
  contactLastName: string;
  contactEmailAddress: string;
  contactPhoneNo: string;
}

export const companyFormDefaults = (company: CompanyDetail): CompanyFormValues => ({
  name: company.name,
  type: company.type,
  marketSegment: company.marketSegment ?? '',
  microSegment: company.microSegment ?? '',
  emailDomains: company.emailDomains.join('\n'),
  contactFirstName: company.contact?.firstName ?? '',
  contactLastName: company.contact?.lastName ?? '',
  contactEmailAddress: company.contact?.emailAddress ?? '',
  contactPhoneNo: company.contact?.phoneNo ?? '',
});

export const splitDomains = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim())
    .filter((domain) => domain !== '');

/** The PUT body (before the contract's own trimming): a contact with every field blank is removed (null). */
export function toCompanyUpdateInput(values: CompanyFormValues) {
  const contact = {
    firstName: values.contactFirstName,
    lastName: values.contactLastName,
    emailAddress: values.contactEmailAddress,
    phoneNo: values.contactPhoneNo,
  };
  const hasContact = Object.values(contact).some((value) => value.trim() !== '');
  return {
    name: values.name,
    type: values.type,
    marketSegment: values.marketSegment,
    microSegment: values.microSegment,
    emailDomains: splitDomains(values.emailDomains),
    contact: hasContact ? contact : null,
  };
}

const CONTACT_FIELDS: Record<string, keyof CompanyFormValues> = {
  firstName: 'contactFirstName',
  lastName: 'contactLastName',
  emailAddress: 'contactEmailAddress',
  phoneNo: 'contactPhoneNo',
};

/** The form field of a contract / server error path ('contact.phoneNo', 'emailDomains.1', 'name' …). */
export function formFieldOf(path: string): keyof CompanyFormValues | null {
  const [head, next] = path.split('.');
  if (head === 'contact') return (next && CONTACT_FIELDS[next]) || 'contactFirstName';
  if (head === 'name' || head === 'type' || head === 'marketSegment' || head === 'microSegment' || head === 'emailDomains') return head;
  return null;
}

/** Validates with the contract's ZCompanyUpdate (the server's own rules) and maps its issues onto the form fields. */
export const companyFormResolver: Resolver<CompanyFormValues, unknown, CompanyUpdate> = (values) => {
  const parsed = ZCompanyUpdate.safeParse(toCompanyUpdateInput(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<CompanyFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(issue.path.map(String).join('.'));
    if (field && !errors[field]) errors[field] = { type: 'validate', message: issue.message };
  }
  return { values: {}, errors };
};
