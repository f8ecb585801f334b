/** The site a call acts on: its id and the zone its rule periods are written in. */
export interface SiteZone {
  siteId: number;
  timeZone: string;
}
