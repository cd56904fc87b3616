// Stand-in for the form-data package inside the extension bundle (see webpack.config.js):
// multipart bodies are never sent, so axios only needs the name to exist.
class FormData {}
module.exports = FormData;
module.exports.default = FormData;
