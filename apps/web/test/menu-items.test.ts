import { describe, expect, it } from 'vitest';
import { isMenuItemActive, MENU_SECTIONS } from '@/app/layout/menu-items';

const item = (to: string) => MENU_SECTIONS.flat().find((i) => i.to === to)!;

describe('side menu highlighting', () => {
  it('marks Booking creation only on /booking itself, not on a booking card', () => {
    expect(isMenuItemActive(item('/booking'), '/booking')).toBe(true);
    expect(isMenuItemActive(item('/booking'), '/booking/BID1000000001')).toBe(false);
  });

  it('marks other items on the paths below them too', () => {
    expect(isMenuItemActive(item('/users'), '/users/demo.active')).toBe(true);
    expect(isMenuItemActive(item('/support'), '/supportx')).toBe(false);
  });

  it('offers the payments screen, current on its user view too', () => {
    expect(item('/payments').label).toBe('payments');
    expect(isMenuItemActive(item('/payments'), '/payments')).toBe(true);
    expect(isMenuItemActive(item('/payments'), '/users/demo.active')).toBe(false);
  });
});

describe('alarms in the menu', () => {
  it('offers the alarms screen to every staff role, current on its own path', async () => {
    const { menuSectionsFor } = await import('@/app/layout/menu-items');
    expect(item('/alarms').label).toBe('alarms');
    expect(isMenuItemActive(item('/alarms'), '/alarms')).toBe(true);
    expect(isMenuItemActive(item('/alarms'), '/vehicles/VIN1')).toBe(false);
    for (const role of ['SUPPORT', 'ADMIN'] as const)
      expect(
        menuSectionsFor(role)
          .flat()
          .some((i) => i.to === '/alarms'),
      ).toBe(true);
  });
});
