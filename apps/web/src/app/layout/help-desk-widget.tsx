import { useEffect } from 'react';
import { useClientConfig } from '@/features/config';
import { useSession } from '@/lib/session/session';
import { hasCredentials } from '@/lib/session/session-schema';

export const HELP_DESK_SCRIPT_ID = 'helpdesk-widget';
/** Elements the widget adds to the page carry this attribute, so they leave with it. */
export const HELP_DESK_MARKER = 'data-helpdesk-widget';

export function removeHelpDeskWidget(doc: Document = document): void {
  doc.getElementById(HELP_DESK_SCRIPT_ID)?.remove();
  doc.querySelectorAll(`[${HELP_DESK_MARKER}]`).forEach((element) => element.remove());
}

export function injectHelpDeskWidget(src: string, doc: Document = document): void {
  if (doc.getElementById(HELP_DESK_SCRIPT_ID)) return;
  const script = doc.createElement('script');
  script.id = HELP_DESK_SCRIPT_ID;
  script.src = src;
  script.async = true;
  doc.body.appendChild(script);
}

/** Loads the external help-desk widget while a session token is present (spec §1), and removes it after. */
export function HelpDeskWidget() {
  const session = useSession();
  const { data: config } = useClientConfig();
  const src = hasCredentials(session) ? config?.helpDeskWidgetUrl : null;

  useEffect(() => {
    if (!src) return;
    injectHelpDeskWidget(src);
    return () => removeHelpDeskWidget();
  }, [src]);

  return null;
}
