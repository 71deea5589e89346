package io.paypipe.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The machine a run ran on: shared and noisy, so the load at the start is written down
 * too.
 */
final class MachineInfo {

    private MachineInfo() {
    }

    static Map<String, String> read() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("cpus", Integer.toString(Runtime.getRuntime().availableProcessors()));
        m.put("cpuModel", firstValue("/proc/cpuinfo", "model name"));
        m.put("memTotal", firstValue("/proc/meminfo", "MemTotal"));
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        m.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        m.put("loadAverageAtStart", read("/proc/loadavg").trim());
        return m;
    }

    /**
     * The database's version and the InnoDB settings its latencies depend on: a run with
     * a buffer pool smaller than its data stalls on page reads (issue 15), so a page says
     * which it had.
     */
    static String database(JdbcClient jdbc) {
        try {
            return jdbc.sql("""
                    SELECT CONCAT(VERSION(), ', buffer pool ', @@innodb_buffer_pool_size DIV 1048576,
                      ' MB, redo log ', @@innodb_log_file_size DIV 1048576,
                      ' MB, innodb_flush_log_at_trx_commit ', @@innodb_flush_log_at_trx_commit)
                    """).query(String.class).single();
        }
        catch (RuntimeException e) {
            return "? (" + e.getClass().getSimpleName() + ")";
        }
    }

    private static String firstValue(String file, String key) {
        return read(file).lines()
            .filter(l -> l.startsWith(key))
            .map(l -> l.substring(l.indexOf(':') + 1).trim())
            .findFirst()
            .orElse("?");
    }

    private static String read(String file) {
        try {
            return Files.readString(Path.of(file));
        }
        catch (IOException | RuntimeException e) {
            return "?";
        }
    }

}
