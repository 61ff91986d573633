// The refinement panel of the search page: brands and other lists (counts, "show more", a search
// box for a `searchable` facet), the category tree, price ranges and fields, yes/no toggles, a
// rating menu, the current refinements as removable chips, "Clear all" and "Sort by". Beside the
// results on a desktop, a "Filters" sheet on a phone. Its state is a query string kept in the URL
// hash by the box's rules (TypeaheadCombobox `refine`); the answers are TypeaheadRefine's, which
// `node --test` proves equal to the Swift engine's. Plain DOM; every text is set as text.
(function () {
  "use strict";
  const refine = window.TypeaheadRefine;
  const core = window.TypeaheadCore;

  /** The refinements a hash's `refine` text says: `f.<attr>` values, `cat` (level:path), `price` (min:under), `t.<attr>`, `rating`, `sort`. */
  function parse(text) {
    const params = new URLSearchParams(text || "");
    const state = { lists: {}, category: null, price: null, toggles: {}, rating: null, sort: "" };
    for (const [name, value] of params) {
      if (name.startsWith("f.")) (state.lists[name.slice(2)] = state.lists[name.slice(2)] || []).push(value);
      else if (name.startsWith("t.") && value === "1") state.toggles[name.slice(2)] = true;
      else if (name === "cat") {
        const colon = value.indexOf(":");
        const level = Number(value.slice(0, colon));
        if (colon > 0 && Number.isInteger(level) && level >= 0) state.category = { level, path: value.slice(colon + 1) };
      } else if (name === "price") {
        const [min, under] = value.split(":").map((x) => (x === "" ? null : Number(x)));
        if ((min === null || Number.isFinite(min)) && (under === null || Number.isFinite(under)) && (min !== null || under !== null)) state.price = { min, under };
      } else if (name === "rating" && Number.isFinite(Number(value))) state.rating = Number(value);
      else if (name === "sort") state.sort = value;
    }
    return state;
  }

  /** The text of a state, in one order, so that one screen has one hash. */
  function serialize(state) {
    const params = new URLSearchParams();
    for (const attribute of Object.keys(state.lists).sort()) for (const value of state.lists[attribute]) params.append("f." + attribute, value);
    if (state.category) params.append("cat", state.category.level + ":" + state.category.path);
    if (state.price) params.append("price", (state.price.min ?? "") + ":" + (state.price.under ?? ""));
    for (const attribute of Object.keys(state.toggles).sort()) if (state.toggles[attribute]) params.append("t." + attribute, "1");
    if (state.rating !== null) params.append("rating", String(state.rating));
    if (state.sort) params.append("sort", state.sort);
    return params.toString();
  }

  const levelOf = (attribute) => {
    const match = /^hierarchicalCategories\.lvl(\d+)$/.exec(attribute);
    return match ? Number(match[1]) : -1;
  };

  /** The groups of a state (each a list of clauses), keyed by widget. */
  function groups(state) {
    const result = {};
    for (const [attribute, values] of Object.entries(state.lists)) if (values.length) result["f." + attribute] = [values.map((value) => ({ attribute, value }))];
    if (state.category) result.cat = [[{ attribute: "hierarchicalCategories.lvl" + state.category.level, value: state.category.path }]];
    if (state.price) {
      const clauses = [];
      if (state.price.min !== null) clauses.push([{ attribute: "price", op: ">=", number: state.price.min }]);
      if (state.price.under !== null) clauses.push([{ attribute: "price", op: "<", number: state.price.under }]);
      result.price = clauses;
    }
    for (const attribute of Object.keys(state.toggles)) result["t." + attribute] = [[{ attribute, value: "true" }]];
    if (state.rating !== null) result.rating = [[{ attribute: "rating", op: ">=", number: state.rating }]];
    return result;
  }

  /**
   * Refines a whole ranked list: the hits (sorted when a sort order is chosen), and for each widget
   * the list its counts are taken from (every group but its own: disjunctive faceting).
   */
  function compute(numbers, columns, state, replicas) {
    const byKey = groups(state);
    const keys = Object.keys(byKey);
    const fails = new Uint32Array(numbers.length);
    keys.forEach((key, k) => {
      const ok = refine.compile(columns, byKey[key]);
      for (let i = 0; i < numbers.length; i++) if (!ok(numbers[i])) fails[i] |= 1 << k;
    });
    const made = new Map(); // mask → list
    const except = (key) => {
      const mask = ~(keys.indexOf(key) >= 0 ? 1 << keys.indexOf(key) : 0) & ((1 << keys.length) - 1);
      if (mask === 0) return numbers;
      if (!made.has(mask)) made.set(mask, numbers.filter((_, i) => (fails[i] & mask) === 0));
      return made.get(mask);
    };
    let hits = keys.length === 0 ? numbers : numbers.filter((_, i) => fails[i] === 0);
    const replica = replicas.find((r) => r[0] === state.sort);
    if (replica) hits = refine.sortBy(hits, columns, replica[1], replica[2]);
    return { hits, except, active: keys.length > 0 || !!replica };
  }

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  let unique = 0;

  /**
   * The panel of the page: `elements` ({panel, body, close, bar, button, chips, sort}), the client
   * index's `facets` manifest and loader base, the currency, and `change(text)`, called with the
   * new refinement text when the shopper refines.
   */
  function create(elements, manifest, base, loader, options) {
    const data = refine.createFacetData(manifest, base, loader);
    const replicas = manifest.replicas || [];
    const labels = manifest.labels || {};
    // The panel offers the counted facets only: a `filterOnly(…)` attribute has no widget.
    const counted = manifest.counted || manifest.attributes;
    const label = (attribute) => labels[attribute] || attribute;
    const money = (x) => options.currency + core.groupDigits(Math.round(x));
    const expanded = new Set(); // lists showing all their values
    const filterText = {}; // a list's search box text
    let current = parse("");
    let lastRender = null;
    let countsTimer = null;
    let pending = null; // the answer whose counts wait for the search to be made

    /** Counts the pending answer, once `options.settled()` says the search is made. */
    function refresh() {
      clearTimeout(countsTimer);
      if (!pending) return;
      elements.panel.classList.toggle("stale", !options.settled());
      if (!options.settled()) return;
      const { found, stale, whole } = pending;
      countsTimer = setTimeout(() => {
        if (stale() || pending === null || pending.found !== found) return;
        pending = null;
        elements.panel.classList.remove("stale");
        whole((all) => {
          if (stale()) return;
          data.columnsOf(all.numbers, (columns) => {
            if (!stale()) render(all.numbers, columns);
          });
        });
      }, 0);
    }

    /**
     * While set, `change(next)` is a rehearsal: the pointer is over a choice (or the focus on it),
     * and the rows of the first cards of the list it would give are loaded ahead of the click.
     */
    let dry = null;
    const change = (next) => (dry ? dry(next) : options.change(serialize(next)));
    function ahead(node, handler) {
      if (!options.prefetch) return;
      const rehearse = () => {
        if (!lastRender || dry) return;
        const { numbers, columns } = lastRender;
        dry = (next) => options.prefetch(compute(numbers, columns, next, replicas).hits);
        try {
          handler();
        } finally {
          dry = null;
        }
      };
      node.addEventListener("pointerenter", rehearse);
      node.addEventListener("pointerdown", rehearse);
      node.addEventListener("focus", rehearse);
    }
    const copy = () => JSON.parse(JSON.stringify(current));

    const positions = new WeakMap();
    /** The whole ranked list of the last search refined (`key` its query and scope): a refinement of the same search reuses it. */
    let wholeCache = { key: null, all: null };

    /**
     * Refines an answer (`found`, TypeaheadIndex's, for the search `key`) with the refinement
     * text; calls `then(answer)`.
     */
    function answer(found, text, stale, then, key) {
      current = parse(text);
      const hasState = Object.keys(groups(current)).length > 0 || replicas.some((r) => r[0] === current.sort);
      const whole = (done) => {
        if (found.complete) return done(found);
        if (key !== undefined && wholeCache.key === key) return done(wholeCache.all);
        found.rest((all) => {
          if (key !== undefined) wholeCache = { key, all };
          done(all);
        });
      };
      if (!hasState) {
        then(found);
        renderBar();
        // The counts need the whole list and the facet files: they follow once the search is
        // made (the suggestions closed), not for every text on the way (a keystroke loads only
        // what its own answer needs).
        pending = { found, stale, whole };
        refresh();
        return;
      }
      whole((all) => {
        if (stale()) return;
        data.columnsOf(all.numbers, (columns) => {
          if (stale()) return;
          const result = compute(all.numbers, columns, current, replicas);
          // A hit's place in the whole list (what its highlighting is kept by), made once a list.
          let position = positions.get(all);
          if (!position) {
            position = new Map();
            all.numbers.forEach((n, i) => position.set(n, i));
            positions.set(all, position);
          }
          const refined = {
            ...all,
            nbHits: result.hits.length,
            numbers: result.hits,
            complete: true,
            highlight: (value, i) => all.highlight(value, position.get(result.hits[i])),
            rest: (done) => done(refined),
          };
          pending = null;
          const counts = () => {
            if (stale()) return;
            elements.panel.classList.remove("stale");
            render(all.numbers, columns, result);
          };
          if (options.afterResults) {
            // The chips and the sort order follow at once; the counts once the list has painted.
            options.afterResults(counts);
            then(refined);
            renderBar();
          } else {
            then(refined);
            counts();
          }
        });
      });
    }

    function render(numbers, columns, computed) {
      const result = computed || compute(numbers, columns, current, replicas);
      lastRender = { numbers, columns };
      const body = elements.body;
      const focusedId = document.activeElement && body.contains(document.activeElement) ? document.activeElement.id : null;
      body.textContent = "";
      const categoryLevels = counted.filter((a) => levelOf(a) >= 0).sort((a, b) => levelOf(a) - levelOf(b));
      if (categoryLevels.length) body.appendChild(categoryGroup(categoryLevels, result.except("cat"), columns));
      for (const attribute of counted) {
        if (levelOf(attribute) >= 0 || attribute === "price" || attribute === "rating") continue;
        const values = refine.counts(result.except("f." + attribute), columns, [attribute], 1000)[attribute];
        const kind = kindOf(attribute, values);
        if (kind === "toggle") body.appendChild(toggleGroup(attribute, refine.counts(result.except("t." + attribute), columns, [attribute], 10)[attribute]));
        else if (kind === "list") body.appendChild(listGroup(attribute, values));
      }
      if (counted.includes("price")) body.appendChild(priceGroup(result.except("price"), columns));
      if (counted.includes("rating")) body.appendChild(ratingGroup(result.except("rating"), columns));
      for (const group of body.querySelectorAll(".refine-group")) if (!group.querySelector("li, input")) group.remove();
      if (focusedId) {
        const again = document.getElementById(focusedId);
        if (again) again.focus();
      }
      renderBar();
      if (options.rendered) options.rendered();
    }

    /** Yes/no values are a toggle; other values a list. */
    function kindOf(attribute, values) {
      return values.length && values.every(([v]) => v === "true" || v === "false") ? "toggle" : "list";
    }

    function group(title) {
      const section = element("section", "refine-group");
      const id = "refine-" + ++unique;
      section.setAttribute("aria-labelledby", id);
      const heading = element("h3", "", title);
      heading.id = id;
      section.appendChild(heading);
      return section;
    }

    const countText = (count) => core.groupDigits(count);

    function option(text, count, pressed, onClick, extraClass) {
      const li = element("li");
      const button = element("button", "refine-option" + (extraClass ? " " + extraClass : ""));
      button.type = "button";
      button.setAttribute("aria-pressed", pressed ? "true" : "false");
      button.appendChild(element("span", "refine-value", text));
      button.appendChild(element("span", "count", countText(count)));
      button.addEventListener("click", onClick);
      ahead(button, onClick);
      li.appendChild(button);
      return li;
    }

    function listGroup(attribute, values) {
      const section = group(label(attribute));
      const chosen = current.lists[attribute] || [];
      const searchable = (manifest.searchable || []).includes(attribute);
      const typed = filterText[attribute] || "";
      if (searchable && values.length > 8) {
        const box = element("input", "refine-search");
        box.type = "search";
        box.id = "refine-search-" + attribute.replace(/[^a-z0-9]/gi, "-");
        box.placeholder = "Search " + label(attribute).toLowerCase();
        box.setAttribute("aria-label", "Search " + label(attribute).toLowerCase());
        box.value = typed;
        box.addEventListener("input", () => {
          filterText[attribute] = box.value;
          if (lastRender) render(lastRender.numbers, lastRender.columns);
        });
        section.appendChild(box);
      }
      const words = core.words(typed);
      const matches = (value) => words.every((w) => core.words(value).some((v) => v.startsWith(w)));
      // The refined values first (as InstantSearch's refinementList sorts them), then by count.
      const count = (v) => (values.find(([x]) => x === v) || [v, 0])[1];
      const shown = chosen.map((v) => [v, count(v)]).concat(values.filter(([v]) => matches(v) && !chosen.includes(v)));
      const all = expanded.has(attribute) || typed !== "";
      const list = element("ul", "refine-list");
      const limit = all ? 100 : 8;
      shown.slice(0, limit).forEach(([value, count]) => {
        const li = element("li");
        const lab = element("label", "refine-check");
        const box = element("input");
        box.type = "checkbox";
        box.checked = chosen.includes(value);
        box.id = "refine-" + attribute.replace(/[^a-z0-9]/gi, "-") + "-" + encodeURIComponent(value).replace(/[^a-z0-9]/gi, "_");
        const tick = () => {
          const next = copy();
          const now = next.lists[attribute] || [];
          next.lists[attribute] = box.checked !== !!dry ? now.concat([value]) : now.filter((v) => v !== value);
          if (next.lists[attribute].length === 0) delete next.lists[attribute];
          change(next);
        };
        box.addEventListener("change", tick);
        ahead(lab, tick);
        ahead(box, tick);
        lab.appendChild(box);
        lab.appendChild(element("span", "refine-value", value));
        lab.appendChild(element("span", "count", countText(count)));
        li.appendChild(lab);
        list.appendChild(li);
      });
      section.appendChild(list);
      if (shown.length > 8 && typed === "") {
        const more = element("button", "refine-more", all ? "Show less" : "Show more");
        more.type = "button";
        more.id = "refine-more-" + attribute.replace(/[^a-z0-9]/gi, "-");
        more.setAttribute("aria-expanded", all ? "true" : "false");
        more.addEventListener("click", () => {
          if (all) expanded.delete(attribute);
          else expanded.add(attribute);
          if (lastRender) render(lastRender.numbers, lastRender.columns);
        });
        section.appendChild(more);
      }
      return section;
    }

    function categoryGroup(levels, numbers, columns) {
      const section = group(label(levels[0]));
      const chosen = current.category;
      const path = chosen ? chosen.path.split(" > ") : [];
      const list = element("ul", "refine-list refine-tree");
      const counts = (level) => refine.counts(numbers, columns, [levels[level]], 1000)[levels[level]].sort((a, b) => refine.byteOrder(a[0], b[0]));
      const add = (into, level) => {
        if (level >= levels.length) return;
        const prefix = level === 0 ? "" : path.slice(0, level).join(" > ") + " > ";
        for (const [value, count] of counts(level)) {
          if (!value.startsWith(prefix)) continue;
          const name = value.slice(prefix.length);
          const selected = chosen && chosen.path === value;
          const onPath = path.slice(0, level + 1).join(" > ") === value;
          const li = option(name, count, selected, () => {
            const next = copy();
            next.category = selected ? (level === 0 ? null : { level: level - 1, path: path.slice(0, level).join(" > ") }) : { level, path: value };
            change(next);
          });
          if (onPath && level + 1 < levels.length) {
            const inner = element("ul", "refine-list");
            add(inner, level + 1);
            if (inner.childNodes.length) li.appendChild(inner);
          }
          into.appendChild(li);
        }
      };
      add(list, 0);
      section.appendChild(list);
      return section;
    }

    function priceGroup(numbers, columns) {
      const section = group(label("price"));
      const bounds = manifest.priceBounds || [];
      const counts = refine.rangeCounts(numbers, columns, "price", bounds);
      const list = element("ul", "refine-list");
      counts.forEach((count, i) => {
        if (count === 0) return;
        const min = i === 0 ? null : bounds[i - 1];
        const under = i === bounds.length ? null : bounds[i];
        const text = min === null ? "Under " + money(under) : under === null ? money(min) + " and up" : money(min) + " to " + money(under);
        const pressed = !!current.price && current.price.min === min && current.price.under === under;
        list.appendChild(
          option(text, count, pressed, () => {
            const next = copy();
            next.price = pressed ? null : { min, under };
            change(next);
          })
        );
      });
      section.appendChild(list);
      const form = element("form", "refine-range");
      const field = (name, text, value) => {
        const wrap = element("label", "refine-field");
        wrap.appendChild(element("span", "", text));
        const input = element("input");
        input.type = "number";
        input.min = "0";
        input.step = "any";
        input.inputMode = "decimal";
        input.name = name;
        input.id = "refine-price-" + name;
        if (value !== null && value !== undefined) input.value = String(value);
        wrap.appendChild(input);
        form.appendChild(wrap);
        return input;
      };
      const min = field("min", "From", current.price && current.price.min);
      const under = field("under", "Under", current.price && current.price.under);
      const go = element("button", "chip", "Apply");
      go.type = "submit";
      form.appendChild(go);
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const read = (input) => (input.value === "" ? null : Number(input.value));
        const next = copy();
        const [a, b] = [read(min), read(under)];
        next.price = a === null && b === null ? null : { min: a, under: b };
        change(next);
      });
      section.appendChild(form);
      return section;
    }

    function toggleGroup(attribute, values) {
      const section = group(label(attribute));
      const yes = (values.find(([v]) => v === "true") || [null, 0])[1];
      const list = element("ul", "refine-list");
      const li = element("li");
      const lab = element("label", "refine-check");
      const box = element("input");
      box.type = "checkbox";
      box.id = "refine-toggle-" + attribute.replace(/[^a-z0-9]/gi, "-");
      box.checked = !!current.toggles[attribute];
      const tick = () => {
        const next = copy();
        if (box.checked !== !!dry) next.toggles[attribute] = true;
        else delete next.toggles[attribute];
        change(next);
      };
      box.addEventListener("change", tick);
      ahead(lab, tick);
      ahead(box, tick);
      lab.appendChild(box);
      lab.appendChild(element("span", "refine-value", label(attribute)));
      lab.appendChild(element("span", "count", countText(yes)));
      li.appendChild(lab);
      list.appendChild(li);
      section.appendChild(list);
      return section;
    }

    function ratingGroup(numbers, columns) {
      const section = group(label("rating"));
      const list = element("ul", "refine-list");
      for (const stars of [4, 3, 2, 1]) {
        const atLeast = refine.tester(columns, { attribute: "rating", op: ">=", number: stars });
        let count = 0;
        for (const n of numbers) if (atLeast(n)) count += 1;
        if (count === 0) continue;
        const pressed = current.rating === stars;
        list.appendChild(
          option(stars + (stars === 1 ? " star & up" : " stars & up"), count, pressed, () => {
            const next = copy();
            next.rating = pressed ? null : stars;
            change(next);
          })
        );
      }
      section.appendChild(list);
      return section;
    }

    /** The chips of the current refinements, "Clear all", the Filters button's count, the sort order. */
    function renderBar() {
      const chips = elements.chips;
      chips.textContent = "";
      const add = (text, remove) => {
        const li = element("li");
        const button = element("button", "chip refinement-chip");
        button.type = "button";
        button.appendChild(element("span", "", text));
        button.appendChild(element("span", "chip-x", "×"));
        button.setAttribute("aria-label", "Remove " + text);
        const click = () => {
          const next = copy();
          remove(next);
          change(next);
        };
        button.addEventListener("click", click);
        ahead(button, click);
        li.appendChild(button);
        chips.appendChild(li);
      };
      let count = 0;
      for (const attribute of Object.keys(current.lists).sort()) {
        for (const value of current.lists[attribute]) {
          count += 1;
          add(label(attribute) + ": " + value, (next) => {
            next.lists[attribute] = next.lists[attribute].filter((v) => v !== value);
            if (!next.lists[attribute].length) delete next.lists[attribute];
          });
        }
      }
      if (current.category) {
        count += 1;
        add(label("hierarchicalCategories.lvl0") + ": " + current.category.path.split(" > ").pop(), (next) => (next.category = null));
      }
      if (current.price) {
        count += 1;
        const { min, under } = current.price;
        const text = min === null ? "Under " + money(under) : under === null ? money(min) + " and up" : money(min) + " to " + money(under);
        add(label("price") + ": " + text, (next) => (next.price = null));
      }
      for (const attribute of Object.keys(current.toggles).sort()) {
        count += 1;
        add(label(attribute), (next) => delete next.toggles[attribute]);
      }
      if (current.rating !== null) {
        count += 1;
        add(label("rating") + ": " + current.rating + (current.rating === 1 ? " star & up" : " stars & up"), (next) => (next.rating = null));
      }
      if (count > 0) {
        const li = element("li");
        const clear = element("button", "chip clear-all", "Clear all");
        clear.type = "button";
        clear.addEventListener("click", () => change({ ...parse(""), sort: current.sort }));
        li.appendChild(clear);
        chips.appendChild(li);
      }
      elements.button.textContent = count > 0 ? "Filters (" + count + ")" : "Filters";
      if (elements.sort) elements.sort.value = replicas.some((r) => r[0] === current.sort) ? current.sort : "";
    }

    /** Opens or closes the phone's sheet. */
    function sheet(open) {
      elements.panel.classList.toggle("open", open);
      elements.button.setAttribute("aria-expanded", open ? "true" : "false");
      if (open) {
        elements.panel.setAttribute("role", "dialog");
        elements.panel.setAttribute("aria-modal", "true");
        elements.close.focus();
      } else {
        elements.panel.setAttribute("role", "region");
        elements.panel.removeAttribute("aria-modal");
        elements.button.focus();
      }
    }
    elements.button.addEventListener("click", () => sheet(!elements.panel.classList.contains("open")));
    elements.close.addEventListener("click", () => sheet(false));
    elements.panel.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && elements.panel.classList.contains("open")) sheet(false);
    });
    if (elements.sort) {
      elements.sort.addEventListener("change", () => {
        const next = copy();
        next.sort = elements.sort.value;
        change(next);
      });
    }
    elements.panel.hidden = false;
    elements.bar.hidden = false;

    return { answer, refresh, parse, serialize, state: () => current };
  }

  /**
   * The panel's frame on a result page, where the build leaves it out (it only ever shows where
   * script runs, and it was 900 bytes of every page): inside `panel`, the heading with its "Done"
   * button and the body; before the list's section, the results bar with the "Filters" button,
   * the sort orders and the chips. The same markup as the search page's (index.mustache). Does
   * nothing where the frame is there.
   */
  function frame(panel, manifest) {
    if (document.getElementById("typeahead-refine-body")) return;
    panel.setAttribute("aria-labelledby", "refine-heading");
    const make = (tag, attributes, ...children) => {
      const node = document.createElement(tag);
      for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
      for (const child of children) node.append(child);
      return node;
    };
    panel.append(
      make("div", { class: "refine-head" },
        make("h2", { id: "refine-heading" }, "Filters"),
        make("button", { type: "button", id: "typeahead-refine-close", class: "chip refine-close" }, "Done")),
      make("div", { id: "typeahead-refine-body", class: "refine-body" }));
    const labels = manifest.labels || {};
    const orders = (manifest.replicas || []).map(([name, attribute, descending]) =>
      make("option", { value: name }, (labels[attribute] || attribute) + (descending ? ", high to low" : ", low to high")));
    const bar = make("div", { id: "typeahead-results-bar", class: "results-bar", hidden: "" },
      make("button", { type: "button", id: "typeahead-filters", class: "chip filters-button", "aria-controls": "typeahead-refine", "aria-expanded": "false" }, "Filters"),
      make("label", { class: "sort" }, "Sort by ", make("select", { id: "typeahead-sort" }, make("option", { value: "" }, "Relevance"), ...orders)),
      make("ul", { id: "typeahead-chips", class: "refinement-chips", "aria-label": "Current filters" }));
    const section = panel.nextElementSibling;
    if (section) section.prepend(bar);
  }

  window.TypeaheadPanel = { create, frame, parse, serialize };
})();
