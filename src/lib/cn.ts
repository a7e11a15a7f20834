// Joins class names; nothing is merged at run time. A component's own classes and the ones a caller adds
// never set the same property: a caller that needs another look picks a variant or prop the component
// offers. Which of two conflicting utilities wins would depend on the stylesheet's order, not on the
// order here, and tailwind-merge, which settled it, cost 8.6 KB gzip on every page's first load.
export { clsx as cn } from 'clsx'
