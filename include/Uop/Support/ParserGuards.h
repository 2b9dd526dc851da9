//===- ParserGuards.h - input MLIR's parser is known to crash on -*- C++ -*-===//
//
// MLIR 22's parser crashes (a null dereference, not a diagnostic) on a few
// inputs that are a matter of text, found by fuzzing uop's tools. Every
// entry point that parses user text (uop-opt, uop-translate, uop-sim, the
// Python package, uop-fuzz) scans the text first and refuses such input with
// a diagnostic at its location, so the crash is never reached:
//
//   - a dense array of `index` elements, `array<index: 1, 2>`: the parser
//     accepts `index` as an integer-like element type, then asks for its bit
//     width, which `index` does not have (also through a type alias,
//     `!t = index` ... `array<!t: 1>`);
//   - `vector.from_elements` whose vector type has 2^32 elements or more,
//     `: vector<4x4294967295xf32>`: its parser sizes a SmallVector, whose
//     size is 32-bit, by the element count, and LLVM aborts ("SmallVector
//     unable to grow"); with fewer, but more than the input has characters
//     (so not that many operands), the same reservation runs out of memory.
//   - a named linalg op (`linalg.batch_matmul`, ...) whose operands'
//     element types differ and one of them is `index`, a vector or a complex
//     number: the builder of its body casts each operand to the output's
//     element type, finds no cast, warns ("could not cast operand") and
//     goes on with a null value (linalg.matmul reports it; batch_matmul
//     and others crash).
//
// The scan skips `//` comments and string literals. It is header-only: it
// needs llvm/Support alone, so every layer can use it.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SUPPORT_PARSERGUARDS_H
#define UOP_SUPPORT_PARSERGUARDS_H

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <optional>
#include <string>

namespace mlir::uop {

/// A construct MLIR's parser is known to crash on: where it starts in the
/// text, and what to say about it.
struct KnownParserCrash {
  size_t offset = 0;
  std::string message;
};

namespace detail {
inline bool isIdentChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.' ||
         c == '-';
}

/// The text outside comments and string literals, as (offset, char) runs:
/// calls `visit(i)` for each offset i of code.
template <typename Fn>
void forEachCodeOffset(llvm::StringRef text, Fn visit) {
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    if (c == '/' && i + 1 < e && text[i + 1] == '/') {
      while (i < e && text[i] != '\n')
        ++i;
      continue;
    }
    if (c == '"') {
      for (++i; i < e && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      continue;
    }
    visit(i);
  }
}

inline size_t skipSpace(llvm::StringRef text, size_t i) {
  while (i < text.size() &&
         (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' ||
          text[i] == '\r'))
    ++i;
  return i;
}

/// True when `text` at `i` is the keyword `word` (not a longer identifier).
inline bool isWordAt(llvm::StringRef text, size_t i, llvm::StringRef word) {
  if (!text.substr(i).starts_with(word))
    return false;
  size_t end = i + word.size();
  return end >= text.size() || !isIdentChar(text[end]);
}
} // namespace detail

/// Returns the first construct of `text` that MLIR's parser is known to
/// crash on, or nothing.
inline std::optional<KnownParserCrash>
findKnownParserCrash(llvm::StringRef text) {
  using namespace detail;
  // Type aliases of `index`: `!name = index`.
  llvm::SmallVector<std::string> indexAliases;
  forEachCodeOffset(text, [&](size_t i) {
    if (text[i] != '!' || (i > 0 && isIdentChar(text[i - 1])))
      return;
    size_t end = i + 1;
    while (end < text.size() && isIdentChar(text[end]))
      ++end;
    size_t eq = skipSpace(text, end);
    if (end == i + 1 || eq >= text.size() || text[eq] != '=')
      return;
    if (isWordAt(text, skipSpace(text, eq + 1), "index"))
      indexAliases.push_back(text.substr(i, end - i).str());
  });
  std::optional<KnownParserCrash> found;
  forEachCodeOffset(text, [&](size_t i) {
    if (found || !isWordAt(text, i, "array") ||
        (i > 0 && isIdentChar(text[i - 1])))
      return;
    size_t open = skipSpace(text, i + 5);
    if (open >= text.size() || text[open] != '<')
      return;
    size_t elem = skipSpace(text, open + 1);
    bool isIndex = isWordAt(text, elem, "index");
    for (const std::string &alias : indexAliases)
      isIndex |= isWordAt(text, elem, alias);
    if (!isIndex)
      return;
    found = KnownParserCrash{
        i, "dense arrays of 'index' elements are not supported (MLIR's "
           "parser crashes on them); use an integer type such as i64"};
  });
  // The result type of the custom form of `vector.from_elements`: `vector<`
  // then dimensions `N` or `[N]`, each followed by `x`, then the element
  // type. (Other ops take such types: a vector.load of 2^32 elements parses,
  // and uop-sim reports it out of bounds.)
  forEachCodeOffset(text, [&](size_t i) {
    if (found || !text.substr(i).starts_with("vector.from_elements") ||
        (i > 0 && (isIdentChar(text[i - 1]) || text[i - 1] == '"')))
      return;
    size_t colon = text.find(':', i);
    if (colon == llvm::StringRef::npos)
      return;
    size_t j = skipSpace(text, colon + 1);
    if (!isWordAt(text, j, "vector"))
      return;
    size_t type = j;
    j = skipSpace(text, j + 6);
    if (j >= text.size() || text[j] != '<')
      return;
    j = skipSpace(text, j + 1);
    unsigned __int128 elements = 1;
    constexpr unsigned __int128 kLimit = (unsigned __int128)1 << 32;
    while (j < text.size()) {
      bool scalable = text[j] == '[';
      if (scalable)
        ++j;
      size_t digits = j;
      unsigned __int128 dim = 0;
      while (j < text.size() && text[j] >= '0' && text[j] <= '9') {
        dim = std::min<unsigned __int128>(dim * 10 + (text[j] - '0'), kLimit);
        ++j;
      }
      if (j == digits)
        break; // the element type
      if (scalable && (j >= text.size() || text[j++] != ']'))
        break;
      if (j >= text.size() || text[j] != 'x')
        break;
      ++j;
      elements = std::min<unsigned __int128>(elements * dim, kLimit);
    }
    // Each operand takes at least two characters, so a count past the
    // input's length cannot be the operand count: the op is malformed, but
    // the parser reserves room for that many types before it checks (8
    // bytes each: out of memory long before 2^32).
    if (elements < kLimit && elements <= text.size())
      return;
    if (elements >= kLimit) {
      found = KnownParserCrash{
          type, "vector.from_elements of 2^32 elements or more is not "
                "supported (MLIR's parser aborts on it)"};
      return;
    }
    found = KnownParserCrash{
        type, "vector.from_elements of " +
                  std::to_string(uint64_t(elements)) +
                  " elements cannot have that many operands in an input of " +
                  std::to_string(text.size()) +
                  " characters (MLIR's parser reserves room for them all "
                  "before it checks, and runs out of memory)"};
  });
  // Named linalg ops (not those that spell their body: generic, map,
  // reduce; nor their terminators and index): the element types of the
  // shaped (and scalar) types of `ins(... : TYPES)` and `outs(... : TYPES)`.
  forEachCodeOffset(text, [&](size_t i) {
    if (found || !text.substr(i).starts_with("linalg.") ||
        (i > 0 && (isIdentChar(text[i - 1]) || text[i - 1] == '"')))
      return;
    size_t name = i + 7, nameEnd = name;
    while (nameEnd < text.size() && isIdentChar(text[nameEnd]))
      ++nameEnd;
    llvm::StringRef op = text.substr(name, nameEnd - name);
    if (op.empty() || op == "generic" || op == "map" || op == "reduce" ||
        op == "yield" || op == "index")
      return;
    // The `(` at `open` and its `)`, or npos.
    auto closing = [&](size_t open) {
      int depth = 0;
      for (size_t k = open; k < text.size(); ++k) {
        if (text[k] == '(')
          ++depth;
        else if (text[k] == ')' && --depth == 0)
          return k;
      }
      return llvm::StringRef::npos;
    };
    size_t outs = text.find("outs(", nameEnd);
    if (outs == llvm::StringRef::npos)
      return;
    size_t close = closing(outs + 4);
    if (close == llvm::StringRef::npos)
      return;
    // The element type of each type in the `:` lists of ins(...) and
    // outs(...): the last `x`-separated part of memref<...> / tensor<...>
    // (up to a layout or memory space), or the type itself.
    llvm::SmallVector<llvm::StringRef> elements;
    auto collect = [&](size_t open, size_t end) {
      size_t colon = text.find(':', open);
      if (colon == llvm::StringRef::npos || colon > end)
        return;
      llvm::StringRef list = text.substr(colon + 1, end - colon - 1);
      // Split at top-level commas.
      int depth = 0;
      size_t start = 0;
      for (size_t k = 0; k <= list.size(); ++k) {
        char c = k < list.size() ? list[k] : ',';
        if (c == '<' || c == '(' || c == '[')
          ++depth;
        else if (c == '>' || c == ')' || c == ']')
          --depth;
        if (c != ',' || depth != 0)
          continue;
        llvm::StringRef type = list.substr(start, k - start).trim();
        start = k + 1;
        if (type.consume_front("memref<") || type.consume_front("tensor<")) {
          // Drop the layout / memory space after the element type, then
          // the dimensions.
          int d = 0;
          size_t cut = type.size();
          for (size_t t = 0; t < type.size(); ++t) {
            if (type[t] == '<')
              ++d;
            else if (type[t] == '>')
              --d;
            if (d < 0 || (d == 0 && type[t] == ',')) {
              cut = t;
              break;
            }
          }
          type = type.take_front(cut).trim();
          while (!type.empty() &&
                 ((type.front() >= '0' && type.front() <= '9') ||
                  type.front() == '?')) {
            size_t x = type.find('x');
            if (x == llvm::StringRef::npos)
              break;
            type = type.drop_front(x + 1);
          }
        }
        if (!type.empty())
          elements.push_back(type);
      }
    };
    size_t ins = text.find("ins(", nameEnd);
    if (ins != llvm::StringRef::npos && ins < outs) {
      size_t insClose = closing(ins + 3);
      if (insClose != llvm::StringRef::npos && insClose < outs)
        collect(ins, insClose);
    }
    collect(outs, close);
    auto uncastable = [](llvm::StringRef t) {
      return t == "index" || t.starts_with("vector<") ||
             t.starts_with("complex<");
    };
    if (elements.size() < 2 || llvm::none_of(elements, uncastable) ||
        llvm::all_equal(elements))
      return;
    found = KnownParserCrash{
        i, ("linalg." + op + " on operands of element types " +
            llvm::join(elements, ", ") +
            " is not supported (MLIR's builder of its body cannot cast "
            "them to one another, and crashes); give its operands one "
            "element type, or write it as a linalg.generic")
               .str()};
  });
  return found;
}

/// Scans `buffer`; when it holds a known parser crash, prints
/// "<name>:<line>:<col>: error: <message>" with the line to `os` and
/// returns true.
inline bool reportKnownParserCrash(const llvm::MemoryBuffer &buffer,
                                   llvm::raw_ostream &os) {
  std::optional<KnownParserCrash> crash =
      findKnownParserCrash(buffer.getBuffer());
  if (!crash)
    return false;
  llvm::SourceMgr sources;
  sources.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(buffer.getMemBufferRef(),
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  sources.PrintMessage(
      os,
      llvm::SMLoc::getFromPointer(buffer.getBufferStart() + crash->offset),
      llvm::SourceMgr::DK_Error, crash->message);
  return true;
}

} // namespace mlir::uop

#endif // UOP_SUPPORT_PARSERGUARDS_H
