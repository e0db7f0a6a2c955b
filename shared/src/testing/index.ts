// Test kit for every remote and the shell (`@bookswap/shared/testing`); never imported by app code.
export { FAKE_API_URL, fakeApiForEachTest, installFakeApi, never } from './fake-api';
export type { FakeAnswer, FakeApi, FakeCall } from './fake-api';
export { findToast, renderScreen, signedInAs } from './render-screen';
export { routeTableMismatches } from './route-table-check';
export {
  answerBookingPage,
  sampleAuditEntry,
  sampleBooking,
  sampleBookingPage,
  sampleBookingReviews,
  sampleIdentities,
  sampleMyProduct,
  sampleNotification,
  sampleProduct,
  sampleProductWithContact,
  sampleReport,
  sampleUser,
} from './samples';
export { atScreenWidth, PHONE_WIDTH } from './screen-width';
