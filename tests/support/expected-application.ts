/**
 * The application body the default programme sends for Ada's answers, the ones the Chromium
 * helpers (default-programme.mjs) and the cross-engine journeys (tests/engines) fill in.
 */
export const EXPECTED_BODY = {
  personalInfo: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    emailAddress: 'ada@example.com',
    addressFirstLine: '12 Analytical Row',
    addressSecondLine: '',
    city: 'Portland',
    zip: '97201',
    company: 'Ada at Home',
    provinceCode: 'OR',
    countryCode: 'US',
    phone: { countryCode: '1', subscriber: '5551234567' },
  },
  platforms: {
    instagram: { handle: 'ada.at.home', followers: '12000' },
    website: { url: 'https://ada.example.com', monthlyTraffic: '3000' },
  },
  fields: [
    { key: 'website.value', value: 'Yes' },
    { key: 'pronouns', value: 'She/her' },
    { key: 'windowTreatments', value: 'Shades, Shutters' },
    { key: 'roomPhotos', value: 'Two or three rooms' },
    { key: 'niche', value: 'Home décor' },
    { key: 'timeframe', value: 'In one to three months' },
    { key: 'mediaKit', value: 'https://ada.example.com/media-kit.pdf' },
    { key: 'usedBefore', value: 'No' },
    { key: 'workedWithOtherCompanies.value', value: 'No' },
    { key: 'currentWindowTreatments.value', value: 'Yes' },
    { key: 'currentWindowTreatments.explanation', value: 'Old vinyl blinds in the living room' },
    { key: 'children.value', value: 'Yes' },
    { key: 'children.explanation', value: 'Two, aged 4 and 7' },
    { key: 'pets.value', value: 'No' },
  ],
};
