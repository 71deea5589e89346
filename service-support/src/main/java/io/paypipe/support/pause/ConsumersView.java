package io.paypipe.support.pause;

import java.util.List;

/**
 * What {@code GET /ops/consumers} and the pause and resume answers say.
 *
 * @param paused true when every selected container is paused (a pause was requested and
 * each of its consumers has stopped fetching)
 * @param containers the selected listener containers that run, in id order
 */
public record ConsumersView(boolean paused, List<Container> containers) {

    /**
     * One listener container.
     *
     * @param id the listener id
     * @param topics the topics it reads
     * @param paused a pause was requested and every one of its consumers has paused
     */
    public record Container(String id, List<String> topics, boolean paused) {

    }

    /** True when no container reports paused (the answer of a resume that has taken). */
    public boolean noneReportsPaused() {
        return containers.stream().noneMatch(Container::paused);
    }

}
