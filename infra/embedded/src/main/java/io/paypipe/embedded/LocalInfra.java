package io.paypipe.embedded;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Zero-setup infrastructure for the local launcher: an {@link EmbeddedKafkaBroker} with
 * its data in {@code varDir/kafka} and an {@link EmbeddedMariaDb} in
 * {@code varDir/mariadb} with database {@value #DATABASE}. Both keep their data between
 * runs. Never uses a server already running on the machine.
 */
public final class LocalInfra implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LocalInfra.class);

    public static final String DATABASE = "paypipe";

    private final EmbeddedKafkaBroker broker;

    private final EmbeddedMariaDb mariaDb;

    private LocalInfra(EmbeddedKafkaBroker broker, EmbeddedMariaDb mariaDb) {
        this.broker = broker;
        this.mariaDb = mariaDb;
    }

    /** Starts both on free ports. */
    public static LocalInfra start(Path varDir) {
        return start(varDir, 0, 0, 0);
    }

    /** Starts both on the given ports ({@code 0} = a free port). */
    public static LocalInfra start(Path varDir, int kafkaPort, int kafkaControllerPort, int mariaDbPort) {
        long t0 = System.nanoTime();
        CompletableFuture<EmbeddedMariaDb> db = CompletableFuture.supplyAsync(() -> {
            EmbeddedMariaDb m = EmbeddedMariaDb.start(varDir.resolve("mariadb"), mariaDbPort, true);
            try {
                m.createDatabase(DATABASE);
                return m;
            }
            catch (RuntimeException e) {
                m.close();
                throw e;
            }
        }, r -> {
            Thread t = new Thread(r, "paypipe-localinfra-db");
            t.setDaemon(true);
            t.start();
        });
        EmbeddedKafkaBroker broker;
        try {
            broker = EmbeddedKafkaBroker.start(varDir.resolve("kafka"), kafkaPort, kafkaControllerPort);
        }
        catch (RuntimeException e) {
            db.thenAccept(EmbeddedMariaDb::close);
            throw e;
        }
        try {
            LocalInfra infra = new LocalInfra(broker, db.join());
            log.info("Local infra ready in {} ms: Kafka {}, MariaDB {}", EmbeddedKafkaBroker.millisSince(t0),
                    infra.bootstrapServers(), infra.jdbcUrl());
            return infra;
        }
        catch (CompletionException e) {
            broker.close();
            throw e.getCause() instanceof RuntimeException re ? re : e;
        }
    }

    public String bootstrapServers() {
        return broker.bootstrapServers();
    }

    public String jdbcUrl() {
        return mariaDb.jdbcUrl(DATABASE);
    }

    public String username() {
        return mariaDb.username();
    }

    public String password() {
        return mariaDb.password();
    }

    public EmbeddedKafkaBroker broker() {
        return broker;
    }

    public EmbeddedMariaDb mariaDb() {
        return mariaDb;
    }

    /** Stops the broker, then the database. */
    @Override
    public void close() {
        try {
            broker.close();
        }
        finally {
            mariaDb.close();
        }
    }

}
