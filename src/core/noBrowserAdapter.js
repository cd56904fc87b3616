// Stand-in for axios's browser adapters (XMLHttpRequest and fetch) inside the extension bundle
// (see webpack.config.js). The extension host is Node, where axios picks its http adapter; the
// fetch adapter would otherwise probe the runtime's fetch classes when its module loads.
export const getFetch = () => false;
export default false;
