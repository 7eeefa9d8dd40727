// A stylesheet imported by a component under test: nothing to apply in jsdom.
module.exports = {};
