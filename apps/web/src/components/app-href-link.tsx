import type { MouseEvent } from 'react';
import Link, { type LinkProps } from '@mui/material/Link';
import { useRouter } from '@tanstack/react-router';

type AppHrefLinkProps = Omit<LinkProps, 'href'> & { href: string };

/**
 * A link to another screen of the app by its path (bookings, users, vehicles, the event log with its query), for screens
 * whose routes other features define. A plain click navigates inside the app; modified clicks (new tab, new
 * window) keep the browser's behaviour.
 */
export function AppHrefLink({ href, onClick, ...props }: AppHrefLinkProps) {
  const router = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.history.push(href);
  };
  return <Link href={href} onClick={handleClick} {...props} />;
}
