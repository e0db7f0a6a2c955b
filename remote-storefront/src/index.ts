// Standalone development only (the production build exposes ./routes and has no page). The async
// boundary lets the federation runtime negotiate shared singletons first.
void import('./bootstrap');
