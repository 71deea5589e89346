package io.paypipe.logscan;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** What a scan read (files, modules, lines) and found. */
record ScanResult(int files, List<String> modules, long lines, List<Finding> findings) {

    /**
     * Why this scan does not pass: fewer than {@code minFiles} files or
     * {@code minModules} modules read (a scan that read nothing proves nothing), or any
     * finding. Empty when it passes.
     */
    public List<String> problems(int minFiles, int minModules) {
        List<String> problems = new java.util.ArrayList<>();
        if (files < minFiles) {
            problems.add("read " + files + " files, fewer than the " + minFiles + " expected");
        }
        if (modules.size() < minModules) {
            problems.add("read " + modules.size() + " modules, fewer than the " + minModules + " expected");
        }
        if (!findings.isEmpty()) {
            problems.add(findings.size() + " lines hold a key, a raw body or a payer identifier");
        }
        return problems;
    }

    /** Findings per pattern name. */
    public Map<String, Long> countsByPattern() {
        return findings.stream()
            .collect(Collectors.groupingBy(f -> f.pattern().name(), TreeMap::new, Collectors.counting()));
    }

    /** One paragraph: what was read, what was found, the first {@code shown} findings. */
    public String report(int shown) {
        StringBuilder text = new StringBuilder();
        text.append("log scan: read ")
            .append(files)
            .append(" files (")
            .append(lines)
            .append(" lines) from ")
            .append(modules.size())
            .append(" modules ")
            .append(modules)
            .append("; ")
            .append(findings.size())
            .append(" findings ")
            .append(countsByPattern());
        findings.stream().limit(shown).forEach(f -> text.append("\n  ").append(f));
        if (findings.size() > shown) {
            text.append("\n  … and ").append(findings.size() - shown).append(" more");
        }
        return text.toString();
    }

}
