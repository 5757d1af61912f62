import { InvitationPage } from './InvitationPage.tsx';
import { tutorInvitation } from './invitationContent.ts';

/** /tutor-invitation (spec §2.1, §2.3 'Tutor and band invitation'; issue 16 item 6). */
export default function TutorInvitationScreen() {
  return <InvitationPage content={tutorInvitation} />;
}
