import { OfflineNotice } from './OfflineNotice.tsx';
import { UpdateBanner } from './UpdateBanner.tsx';

/** The update banner and the offline notice (issue 18 item 1), loaded once the page is idle. */
export default function AppStatus() {
  return (
    <>
      <UpdateBanner />
      <OfflineNotice />
    </>
  );
}
