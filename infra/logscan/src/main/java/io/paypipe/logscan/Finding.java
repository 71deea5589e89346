package io.paypipe.logscan;

import java.util.regex.Pattern;

/**
 * A line that holds what {@code pattern} finds: where, and an excerpt that does not
 * repeat the leak: the 60 characters before the match, any long base64-like run in them
 * cut to its first 4 characters, then the match's first 6 characters and its length;
 * nothing after it (a key's or a payer's characters follow a match).
 */
record Finding(String file, long line, LeakPattern pattern, String excerpt) {

    private static final int CONTEXT = 60;

    private static final int SHOWN = 6;

    private static final Pattern LONG_RUN = Pattern.compile("([A-Za-z0-9+/=_-]{4})[A-Za-z0-9+/=_-]{12,}");

    static String excerpt(String line, int start, int end) {
        String before = LONG_RUN.matcher(line.substring(Math.max(0, start - CONTEXT), start)).replaceAll("$1…");
        String match = line.substring(start, Math.min(end, start + SHOWN));
        return before + match + "<…" + (end - start) + " chars>";
    }

    @Override
    public String toString() {
        return file + ":" + line + " [" + pattern.kind() + " " + pattern.name() + "] " + excerpt;
    }

}
