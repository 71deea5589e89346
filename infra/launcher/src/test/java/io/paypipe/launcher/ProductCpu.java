package io.paypipe.launcher;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The CPU time the product's processes have used so far: the brokers, the services' JVMs
 * and the database server, read from the operating system
 * ({@link ProcessHandle.Info#totalCpuDuration()}, /proc on Linux). The measuring JVM (the
 * sandbox signing, the load, the consumer of {@code order.paid}) is not counted. The
 * process ids are asked for at every reading: a restarted broker or service is a new
 * process, and one that is down counts nothing.
 */
final class ProductCpu {

    private final Supplier<List<Long>> pids;

    ProductCpu(Supplier<List<Long>> pids) {
        this.pids = pids;
    }

    /** CPU time used so far by every process of the product that is alive now. */
    Duration used() {
        Duration total = Duration.ZERO;
        for (long pid : pids.get()) {
            total = total.plus(cpuOf(pid));
        }
        for (ProcessHandle database : databaseServers()) {
            total = total.plus(database.info().totalCpuDuration().orElse(Duration.ZERO));
        }
        return total;
    }

    /**
     * The MySQL-compatible servers on this machine (MariaDB on 127.0.0.1:3306 or the
     * tests' embedded one): the product's database, whichever the run uses.
     */
    static List<ProcessHandle> databaseServers() {
        return ProcessHandle.allProcesses().filter(p -> {
            String command = p.info().command().orElse("");
            return command.endsWith("/mariadbd") || command.endsWith("/mysqld");
        }).toList();
    }

    private static Duration cpuOf(long pid) {
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        return process.flatMap(p -> p.info().totalCpuDuration()).orElse(Duration.ZERO);
    }

}
