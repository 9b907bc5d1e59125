/**
 * The names of the published API (docs/decisions/0041-openapi-document.md): one operationId per operation, keyed by
 * its method and its OpenAPI path, and the tags with their descriptions. The ids are what generated clients call
 * (openapi-typescript, Scalar's examples), so they are written out here, stable, instead of derived from the paths.
 * A route missing here still gets a derived id; the OpenAPI test fails until it is added.
 */
export const OPERATION_IDS: Readonly<Record<string, string>> = {
  // config, health
  'GET /api/config': 'getClientConfig',
  'GET /api/health': 'getHealth',
  'GET /api/ready': 'getReadiness',
  // auth
  'POST /api/auth': 'login',
  'DELETE /api/auth': 'logout',
  'GET /api/auth/methods': 'listAuthMethods',
  'GET /api/auth/sso/{providerId}/login': 'startSsoLogin',
  'GET /api/auth/sso/callback': 'finishSsoLogin',
  'POST /api/password-reset': 'requestPasswordReset',
  'POST /api/password-reset/confirm': 'confirmPasswordReset',
  // fleets, events, search
  'GET /api/fleets/{fleet}': 'getFleet',
  'GET /api/fleets/by-username/{username}': 'getFleetByUsername',
  'GET /api/events': 'searchEvents',
  'GET /api/stream': 'streamChanges',
  'GET /api/search': 'supportSearch',
  'GET /api/search/vehicles': 'getSupportSearchVehiclesPage',
  'GET /api/search/users': 'getSupportSearchUsersPage',
  'GET /api/search/bookings': 'getSupportSearchBookingsPage',
  'GET /api/search/palette': 'searchPalette',
  // bookings
  'POST /api/bookings': 'createBooking',
  'GET /api/bookings/{bid}': 'getBooking',
  'PUT /api/bookings/{bid}': 'updateBooking',
  'DELETE /api/bookings/{bid}': 'cancelBooking',
  'GET /api/bookings/suggestions': 'listBookingSuggestions',
  'POST /api/price': 'estimatePrice',
  'GET /api/availability': 'getAvailability',
  'GET /api/contracts/{id}/rules': 'getContractRules',
  'POST /api/bookings/{bid}/activate-without-pin': 'activateBookingWithoutPin',
  'POST /api/bookings/{bid}/deactivate': 'deactivateBooking',
  'POST /api/bookings/{bid}/force-deactivate-without-pin': 'forceDeactivateBooking',
  'POST /api/bookings/{bid}/replace-with-taxi': 'replaceBookingWithTaxi',
  'POST /api/bookings/{bid}/replace-with-rideshare': 'replaceBookingWithRideshare',
  'PUT /api/bookings/{bid}/adjust': 'adjustBooking',
  'PUT /api/bookings/{bid}/adjustedValues': 'adjustBookingValues',
  'POST /api/bookings/{bid}/undo-extension': 'undoBookingExtension',
  'POST /api/bookings/{bid}/checkout': 'checkoutBooking',
  'POST /api/bookings/{bid}/receipt': 'sendBookingReceipt',
  'GET /api/bookings/{bid}/metadataSpec': 'getBookingMetadataSpec',
  'PUT /api/bookings/{bid}/metadataSpec': 'updateBookingMetadataSpec',
  'GET /api/bookings/{bid}/metadata': 'getBookingMetadata',
  'PUT /api/bookings/{bid}/metadata': 'updateBookingMetadata',
  'POST /api/bookings/{bid}/technical-issue': 'reportTechnicalIssue',
  'GET /api/bookings/{bid}/events': 'listBookingEvents',
  'GET /api/charging/activation-data': 'getChargingActivationData',
  'PUT /api/bookings/{bid}/paymentType': 'setBookingPaymentType',
  'GET /api/activebookings': 'listActiveBookings',
  // billing
  'POST /api/bookings/{bid}/billing': 'addBookingBilling',
  'POST /api/bookings/{bid}/fixedprice': 'setFixedPrice',
  'PUT /api/bookings/{bid}/fixedprice': 'changeFixedPrice',
  'DELETE /api/bookings/{bid}/fixedprice': 'removeFixedPrice',
  // payments
  'GET /api/bookings/{bid}/payments': 'listBookingPayments',
  'POST /api/bookings/{bid}/payment/replace': 'replaceBookingPayment',
  'GET /api/payments': 'listPayments',
  'GET /api/payments/{orderId}': 'getPayment',
  'PUT /api/payments/{orderId}/status': 'setPaymentStatus',
  'PUT /api/payments/{orderId}/paymentType': 'setOrderPaymentType',
  'POST /api/payments/{orderId}/retry': 'retryPayment',
  'POST /api/payments/{orderId}/release': 'releasePayment',
  'POST /api/payments/{orderId}/cancel': 'cancelPayment',
  'POST /api/sandbox/payments/{orderId}/authorize': 'authorizeSandboxPayment',
  'GET /api/users/{username}/payments': 'listUserPayments',
  'GET /api/users/{username}/payments/methods': 'listUserPaymentMethods',
  // vehicles
  'GET /api/vehicles': 'searchVehicles',
  'GET /api/vehicles/statusFor': 'listVehicleStatuses',
  'GET /api/vehicles/by-vin/{vin}': 'getVehicle',
  'PUT /api/vehicles/by-vin/{vin}': 'updateVehicle',
  'PUT /api/vehicles/by-vin/{vin}/parkingPlaceInfo': 'updateParkingPlaceInfo',
  'GET /api/vehicles/by-vin/{vin}/status': 'getVehicleStatus',
  'GET /api/vehicles/by-vin/{vin}/bookings': 'listVehicleBookings',
  'GET /api/vehicles/by-vin/{vin}/journal': 'getVehicleJournal',
  'GET /api/vehicles/by-vin/{vin}/journal.xls': 'exportVehicleJournal',
  'POST /api/vehicles/by-vin/{vin}/lock': 'lockVehicle',
  'POST /api/vehicles/by-vin/{vin}/unlock': 'unlockVehicle',
  'POST /api/vehicles/by-vin/{vin}/mobilize': 'mobilizeVehicle',
  'POST /api/vehicles/by-vin/{vin}/immobilize': 'immobilizeVehicle',
  'POST /api/vehicles/by-vin/{vin}/agent/reboot': 'rebootVehicleAgent',
  'POST /api/vehicles/by-vin/{vin}/agent/wake-up': 'wakeUpVehicleAgent',
  'GET /api/vehicles/by-vin/{vin}/commands': 'listVehicleCommands',
  'GET /api/vehicles/commands/{commandId}': 'getVehicleCommand',
  'GET /api/fleetmap': 'getFleetMap',
  // damage
  'GET /api/damage/by-vin/{vin}': 'listDamage',
  'POST /api/damage/by-vin/{vin}': 'reportDamage',
  'POST /api/damage/{id}/fix': 'fixDamage',
  'DELETE /api/damage/{id}': 'deleteDamage',
  'GET /api/damage/{id}/image': 'getDamageImage',
  'GET /api/damage/{id}/thumbnail': 'getDamageThumbnail',
  // alarms
  'GET /api/alarms': 'listAlarms',
  'PUT /api/alarms/{alarmId}/acknowledge': 'acknowledgeAlarm',
  'POST /api/alarms/bulk': 'bulkAlarms',
  'GET /api/alarms/{alarmId}/comments': 'listAlarmComments',
  'POST /api/alarms/{alarmId}/comments': 'addAlarmComment',
  // pools
  'GET /api/pools': 'listPools',
  'GET /api/pools/groups': 'listPoolGroups',
  'GET /api/pools/contracts': 'listPoolContracts',
  'PUT /api/pools/{poolId}': 'updatePool',
  'GET /api/pools/{poolId}/vehicles': 'listPoolVehicles',
  'GET /api/pools/{poolId}/bookings': 'listPoolBookings',
  // users
  'GET /api/users': 'searchUsers',
  'GET /api/users/{username}': 'getUser',
  'PUT /api/users/{username}': 'updateUser',
  'DELETE /api/users/{username}': 'deleteUser',
  'GET /api/users/{username}/contracts': 'listUserContracts',
  'GET /api/users/{username}/usable-pools': 'listUsablePools',
  'GET /api/users/{username}/bookings': 'listUserBookings',
  'GET /api/users/{username}/block': 'getUserBlock',
  'POST /api/users/{username}/block': 'blockUser',
  'POST /api/users/{username}/activate': 'activateUser',
  'POST /api/users/{username}/reactivate': 'reactivateUser',
  'POST /api/users/{username}/approve': 'approveUser',
  'POST /api/users/{username}/requestDeletion': 'requestUserDeletion',
  'POST /api/users/{username}/resend-confirmation': 'resendUserConfirmation',
  'POST /api/users/{username}/password-reset': 'sendUserPasswordReset',
  'POST /api/users/{username}/verify-identity': 'verifyUserIdentity',
  'POST /api/users/{username}/membership/check': 'checkUserMembership',
  'GET /api/users/{username}/freeMonths': 'getFreeMonths',
  'PUT /api/users/{username}/freeMonths': 'setFreeMonths',
  'GET /api/users/{username}/identity': 'getIdentityNumber',
  'PUT /api/users/{username}/identity': 'setIdentity',
  'POST /api/users/{username}/license/validate': 'validateLicense',
  'GET /api/users/{username}/license/checks': 'listLicenseChecks',
  'GET /api/users/{username}/duplicate': 'listUserDuplicates',
  'POST /api/users/initCache': 'initUserCache',
  'POST /api/users/createBatch': 'createUserBatch',
  'POST /api/admin/users/approved': 'approveUsers',
  'GET /api/admin/users/pending-deletion': 'listPendingDeletions',
  'GET /api/admin/users/license-status': 'getLicenseStatuses',
  'GET /api/admin/users/suspicious': 'listSuspiciousUsers',
  // staff
  'GET /api/staff': 'listStaff',
  'POST /api/staff': 'createStaffMember',
  'PATCH /api/staff/{username}': 'updateStaffMember',
  'POST /api/staff/{username}/reset-password': 'resetStaffPassword',
  // companies
  'GET /api/companies': 'getCompanyTree',
  'GET /api/companies/top-level': 'listTopLevelCompanies',
  'POST /api/companies/refresh-cache': 'refreshCompanyCache',
  'GET /api/companies/{id}': 'getCompany',
  'PUT /api/companies/{id}': 'updateCompany',
  'GET /api/companies/{id}/users': 'listCompanyUsers',
  // notes and contacts (issue 18)
  'GET /api/users/{username}/timeline': 'customerTimeline',
  'GET /api/notes': 'listNotes',
  'POST /api/notes': 'createNote',
  'PATCH /api/notes/{id}': 'updateNote',
  'DELETE /api/notes/{id}': 'deleteNote',
  'POST /api/users/{username}/contacts': 'logContact',
  'GET /api/contacts': 'listContacts',
  'GET /api/contacts/assignees': 'listContactAssignees',
  'PATCH /api/contacts/{id}': 'updateContact',
  // out of service (issue 19 point 5)
  'POST /api/vehicles/by-vin/{vin}/out-of-service': 'takeVehicleOutOfService',
  'POST /api/vehicles/by-vin/{vin}/back-in-service': 'returnVehicleToService',
  // saved views (issue 19 point 3)
  'GET /api/views': 'listSavedViews',
  'POST /api/views': 'createSavedView',
  'PATCH /api/views/{id}': 'updateSavedView',
  'DELETE /api/views/{id}': 'deleteSavedView',
  'GET /api/views/{id}/count': 'countSavedView',
  // the signed-in staff member's own preferences (issue 19 point 6)
  'GET /api/me/preferences': 'getMyPreferences',
  'PATCH /api/me/preferences': 'updateMyPreferences',
};

/** The key of an operation in OPERATION_IDS: `GET /api/bookings/{bid}`. */
export const operationKey = (method: string, openapiPath: string) => `${method.toUpperCase()} ${openapiPath}`;

/** Fastify's `/api/bookings/:bid` as OpenAPI's `/api/bookings/{bid}`. */
export const openapiPathOf = (fastifyUrl: string) => fastifyUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * The operationId of an operation: from OPERATION_IDS, else derived from the method and the path's literal segments
 * (`POST /api/foo-bar/{id}/baz` → `postFooBarBaz`), so an unlisted route still gets a unique, URL-safe id.
 */
export function operationIdOf(method: string, openapiPath: string): string {
  const listed = OPERATION_IDS[operationKey(method, openapiPath)];
  if (listed) return listed;
  const words = openapiPath
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api' && !segment.startsWith('{'))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** The tags of the document, in the order a reader meets them, each with what it covers. */
export const OPENAPI_TAGS: readonly { name: string; description: string }[] = [
  { name: 'auth', description: 'Logging in (Basic) and out, refreshing the session token, single sign-on, password resets.' },
  { name: 'search', description: 'The support search: vehicles, bookings and users for one phrase, with keyset-paged continuations.' },
  {
    name: 'bookings',
    description:
      'Bookings: create, read, update, cancel; the lifecycle actions (activate, deactivate, force end); metadata, events, prices, availability, active bookings.',
  },
  { name: 'payments', description: 'Booking and event payments, card and invoice status, retries and releases, fees, credits and fixed prices.' },
  {
    name: 'users',
    description: "Customers: search, detail, status actions (block, activate, approve, deletion), identity, driver's licence, batch creation.",
  },
  { name: 'companies', description: 'The company tree, company detail and users by company.' },
  { name: 'vehicles', description: 'Vehicles: search, status, bookings, journal, remote commands and the fleet map.' },
  { name: 'damage', description: 'Damage reports of a vehicle with their photos.' },
  { name: 'pools', description: 'Pools (stations), their groups, vehicles and bookings.' },
  { name: 'events', description: 'The event log, the audit trail of every change.' },
  { name: 'alarms', description: 'Vehicle alarms and their acknowledgement.' },
  { name: 'charging', description: 'Charging provider activation data (the PIN for a booking).' },
  { name: 'fleets', description: "Operators (fleets): the session's operator, and the operator of a user." },
  { name: 'staff', description: 'Staff accounts of the operator (ADMIN).' },
  { name: 'notes', description: 'Internal notes of staff on users, bookings and vehicles, with pinning.' },
  { name: 'contacts', description: 'Logged customer contacts: channel, reason, status and assignee.' },
  {
    name: 'views',
    description: "Saved views of the list screens: private or shared with the operator's staff (the team's work queues), with live counts.",
  },
  { name: 'preferences', description: "The signed-in staff member's own preferences (the console's colour scheme)." },
  { name: 'config', description: 'Public client configuration.' },
  { name: 'health', description: 'Liveness and readiness probes.' },
];
