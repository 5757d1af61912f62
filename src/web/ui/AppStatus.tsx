import { OfflineNotice } from './OfflineNotice.tsx';
import { SentNotice } from './SentNotice.tsx';
import { UpdateBanner } from './UpdateBanner.tsx';

/** The update banner, the offline notice and what was sent on reconnecting (issue 18 item 1), loaded once the page is idle. */
export default function AppStatus() {
  return (
    <>
      <UpdateBanner />
      <OfflineNotice />
      <SentNotice />
    </>
  );
}
