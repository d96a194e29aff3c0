// What a kicked player is told, by the event that sends their page home and by any later use of
// their token (a phone that was asleep through the kick): the same words either way.
export const REMOVED_BY_HOST = "The host removed you from the lobby";
