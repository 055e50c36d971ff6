// A valid application body for the default programme (docs/application-body.md), for the
// receiver's tests, fault test and benchmark; `variant` changes answers so bodies differ.

/**
 * @param {{ email?: string, firstName?: string, variant?: number }} [options]
 */
export function sampleBody({ email = 'ada@example.com', firstName = 'Ada', variant = 0 } = {}) {
  return {
    personalInfo: {
      firstName,
      lastName: 'Lovelace',
      emailAddress: email,
      addressFirstLine: `${String(12 + variant)} Analytical Row`,
      addressSecondLine: '',
      city: 'Portland',
      zip: '97201',
      company: 'Ada at Home',
      provinceCode: 'OR',
      countryCode: 'US',
      phone: { countryCode: '1', subscriber: '5551234567' },
    },
    platforms: {
      instagram: { handle: 'ada.at.home', followers: String(12000 + variant) },
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
    // The default programme has no file field; the page sends the list all the same (docs/application-body.md).
    files: [],
  };
}
