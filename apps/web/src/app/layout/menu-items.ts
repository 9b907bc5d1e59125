import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import BusinessIcon from '@mui/icons-material/Business';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MapIcon from '@mui/icons-material/Map';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import ViewTimelineIcon from '@mui/icons-material/ViewTimeline';
import type { StaffRole } from '@fleetdesk/contract';
import type { Translation } from '@/lib/i18n/resources';

export type MenuKey = keyof Translation['menu'];

export interface MenuItem {
  to:
    | '/activebookings'
    | '/fleetMap'
    | '/support'
    | '/pools'
    | '/booking'
    | '/companies'
    | '/contact'
    | '/event'
    | '/users'
    | '/payments'
    | '/batch-users'
    | '/alarms'
    | '/staff';
  label: MenuKey;
  icon: ComponentType<SvgIconProps>;
  /** Current only on its own path: /booking creates a booking, /booking/{bid} is a booking card, not creation. */
  exact?: boolean;
  /** Offered only to these staff roles (all roles when absent). */
  roles?: readonly StaffRole[];
}

/** The side menu of spec §1, in its order, then the screens it reaches otherwise. */
export const MENU_SECTIONS: readonly (readonly MenuItem[])[] = [
  [
    { to: '/activebookings', label: 'activeBookings', icon: EventAvailableIcon },
    { to: '/fleetMap', label: 'fleetMap', icon: MapIcon },
    { to: '/support', label: 'support', icon: SupportAgentIcon },
    { to: '/pools', label: 'pools', icon: ViewTimelineIcon },
    { to: '/booking', label: 'booking', icon: EditCalendarIcon, exact: true },
    { to: '/companies', label: 'companies', icon: BusinessIcon },
    { to: '/contact', label: 'contact', icon: ContactPhoneIcon },
  ],
  [
    { to: '/event', label: 'events', icon: ReceiptLongIcon },
    { to: '/alarms', label: 'alarms', icon: NotificationsActiveIcon },
    { to: '/users', label: 'users', icon: PeopleIcon },
    // Batch user creation: every staff role, like the API (§6 "batch create"; docs/decisions/0027, 0031).
    { to: '/batch-users', label: 'batchUsers', icon: GroupAddIcon },
    // Staff accounts (issue 13): ADMIN only, like GET /api/staff.
    { to: '/staff', label: 'staff', icon: ManageAccountsIcon, roles: ['ADMIN'] },
    { to: '/payments', label: 'payments', icon: PaymentsIcon },
  ],
];

/** The menu sections as a staff member of `role` sees them (no role yet: only the items for everyone). */
export const menuSectionsFor = (role: StaffRole | undefined): (readonly MenuItem[])[] =>
  MENU_SECTIONS.map((section) => section.filter((item) => !item.roles || (role !== undefined && item.roles.includes(role)))).filter(
    (section) => section.length > 0,
  );

/** A menu item is current on its own path and, unless exact, on the paths below it (/users/anna …). */
export const isMenuItemActive = (item: Pick<MenuItem, 'to' | 'exact'>, pathname: string): boolean =>
  pathname === item.to || (!item.exact && pathname.startsWith(`${item.to}/`));
