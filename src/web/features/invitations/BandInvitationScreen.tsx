import { InvitationPage } from './InvitationPage.tsx';
import { bandInvitation } from './invitationContent.ts';

/** /band-invitation (spec §2.1, §2.3 'Tutor and band invitation'; issue 16 item 6). */
export default function BandInvitationScreen() {
  return <InvitationPage content={bandInvitation} />;
}
