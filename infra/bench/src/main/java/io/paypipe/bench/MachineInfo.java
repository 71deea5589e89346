package io.paypipe.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

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
