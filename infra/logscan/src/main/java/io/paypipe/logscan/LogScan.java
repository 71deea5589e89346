package io.paypipe.logscan;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.stream.Stream;

/**
 * Reads the test output a build left under {@code root}: every module's
 * {@code target/surefire-reports/*-output.txt} (one file per test class, with
 * {@code redirectTestOutputToFile}), the logs forked services wrote under
 * {@code target/forked-logs}, and any {@code var/*.log} a module's tests wrote; not the
 * checkout's own {@code var/} ({@code ./paypipe run}'s) nor this module's output. Each
 * line is matched against every {@link LeakPattern}.
 */
final class LogScan {

    private static final String SELF = "infra/logscan";

    private static final int MAX_DEPTH = 6;

    private LogScan() {
    }

    /** Scans the files under {@code root}. */
    public static ScanResult scan(Path root, List<LeakPattern> patterns) {
        List<Path> files = files(root);
        Set<String> modules = new TreeSet<>();
        List<Finding> findings = new ArrayList<>();
        long lines = 0;
        for (Path file : files) {
            String relative = root.relativize(file).toString().replace('\\', '/');
            modules.add(moduleOf(relative));
            lines += scanFile(file, relative, patterns, findings);
        }
        return new ScanResult(files.size(), List.copyOf(modules), lines, findings);
    }

    static List<Path> files(Path root) {
        try (Stream<Path> walk = Files.walk(root, MAX_DEPTH)) {
            return walk.filter(Files::isRegularFile).filter(p -> isLog(root.relativize(p))).sorted().toList();
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isLog(Path relative) {
        String path = relative.toString().replace('\\', '/');
        String name = relative.getFileName().toString();
        if (path.startsWith(SELF + "/") || path.startsWith("var/") || path.contains("/src/") || path.startsWith(".")) {
            return false;
        }
        return (path.contains("/target/surefire-reports/") && name.endsWith("-output.txt"))
                || (path.contains("/target/forked-logs/") && name.endsWith(".log"))
                || (path.contains("/var/") && !path.contains("/target/") && name.endsWith(".log"));
    }

    /**
     * The module a file belongs to: its path before {@code /target/} or {@code /var/}.
     */
    static String moduleOf(String relative) {
        int target = relative.indexOf("/target/");
        int var = relative.indexOf("/var/");
        int end = (target < 0) ? var : (var < 0) ? target : Math.min(target, var);
        return (end < 0) ? relative : relative.substring(0, end);
    }

    private static long scanFile(Path file, String relative, List<LeakPattern> patterns, List<Finding> findings) {
        var decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPLACE)
            .onUnmappableCharacter(CodingErrorAction.REPLACE);
        long number = 0;
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(Files.newInputStream(file), decoder))) {
            String line;
            while ((line = reader.readLine()) != null) {
                number++;
                for (LeakPattern pattern : patterns) {
                    Matcher m = pattern.regex().matcher(line);
                    if (m.find()) {
                        findings.add(new Finding(relative, number, pattern, Finding.excerpt(line, m.start(), m.end())));
                    }
                }
            }
        }
        catch (IOException e) {
            throw new UncheckedIOException("could not read " + relative, e);
        }
        return number;
    }

}
