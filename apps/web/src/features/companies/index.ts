export { CompaniesLayout, type CompaniesLayoutProps } from './components/companies-layout';
export { CompanyDetailPage, type CompanyDetailPageProps } from './components/company-detail-page';
export { NoCompanySelected } from './components/no-company-selected';
export { BatchUserImport, type BatchUserImportProps } from './components/batch-user-import';
export { BatchUsersPage, type BatchUsersPageProps } from './components/batch-users-page';
export { validateCompanySearch, companyUsersFilterOf, type CompanySearch } from './companies-search';
export { companyKeys, useCompany, useCompanyTree } from './api/companies-api';
