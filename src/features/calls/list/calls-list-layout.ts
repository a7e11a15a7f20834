// Where the calls page's parts sit, so the saved views never push the list down: below `2xl` they are
// one row between the title and New call (on a phone without their heading, which stays for screen
// readers); from `2xl`, where the table has room beside it, a sidebar.
// Grid placement only: the order in the page (and for a screen reader) stays title, views, New call, list.

export const CALLS_LAYOUT = {
  grid: 'grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-3 sm:gap-x-4 2xl:grid-cols-[12rem_minmax(0,1fr)_auto] 2xl:gap-x-6',
  title: 'col-start-1 row-start-1 2xl:col-start-2',
  action: 'col-start-3 row-start-1',
  views: 'col-start-2 row-start-1 min-w-0 2xl:col-start-1 2xl:row-[1/span_2] 2xl:self-start',
  list: 'col-[1/-1] row-start-2 min-w-0 2xl:col-[2/-1] 2xl:self-start',
}
