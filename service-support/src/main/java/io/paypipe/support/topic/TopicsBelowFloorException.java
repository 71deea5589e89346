package io.paypipe.support.topic;

import io.paypipe.support.topic.TopicFloor.Shortfall;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The service will not start: topics it uses exist on the cluster with fewer partitions
 * or replicas, or a lower {@code min.insync.replicas}, than it is configured to want.
 * Adding partitions to a keyed topic moves keys to other partitions (one order's records
 * would no longer be read in order), and fewer replicas lose acknowledged records when a
 * broker dies: neither is done behind an operator's back.
 */
public class TopicsBelowFloorException extends IllegalStateException {

    private final String service;

    private final List<String> shortfalls;

    TopicsBelowFloorException(String service, List<Shortfall> shortfalls) {
        super(message(service, shortfalls));
        this.service = service;
        this.shortfalls = shortfalls.stream().map(Shortfall::describe).toList();
    }

    /** The service's short name, the prefix of its topic settings. */
    public String service() {
        return service;
    }

    /**
     * One line per number below its floor:
     * {@code <topic>: <what> <found>, wanted at least
     * <wanted>}.
     */
    public List<String> shortfalls() {
        return shortfalls;
    }

    private static String message(String service, List<Shortfall> shortfalls) {
        return "Refusing to start " + service + ": " + shortfalls.size()
                + " setting(s) of existing topics are below what it is configured to want ("
                + shortfalls.stream().map(Shortfall::describe).collect(Collectors.joining("; ")) + "). The floors are "
                + service + ".topic-partitions, " + service + ".topic-replicas and " + service
                + ".topic-min-insync-replicas";
    }

}
