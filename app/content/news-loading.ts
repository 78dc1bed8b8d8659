// What the news spinner says while a news page loads. Apart from news.ts: the spinner is in the
// root layout of every page, which need not carry the news pages' other words.
export const newsLoading = "Loading news...";
